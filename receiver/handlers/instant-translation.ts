import type { EventPayload } from '../../src/api/schemas/webhooks.ts';
import { originOf } from '../../src/contracts/labels.ts';
import type { InboxEvent } from '../contracts.ts';
import { Deliveries } from '../pull-request-batch/deliveries.ts';
import type { EventContext, EventHandler, Grouping } from './registry.ts';
import { sourceUpload } from './source-upload.ts';

/** Thrown while an instant translation is not ready yet: the event is retried with backoff. */
export class NotReadyError extends Error {
  override name = 'NotReadyError';
}

const translationIdOf = (event: InboxEvent) =>
  Number((event.payload as Partial<EventPayload<'INSTANT_TRANSLATE_COMPLETED'>>).translationId);

/** The translation's status and its source file, when the Action uploaded that file. */
async function translationOf(event: InboxEvent, { client, signal }: EventContext) {
  const translationId = translationIdOf(event);
  const [status] = await client.instant.status({ translationIds: [translationId] }, { signal });
  if (!status) return { recorded: `translation ${translationId} is not on the platform` };
  const [file] = await client.files.list({ id: Number(status.fileId) }, { signal });
  const origin = file ? originOf(file.labels) : undefined;
  if (!file || !origin)
    return { recorded: `translation ${translationId}: its file was not uploaded by the Action` };
  return { translationId, status, file, origin };
}

/**
 * An instant translation finished (INSTANT_TRANSLATE_COMPLETED or _FAILED: the two look alike, and
 * the status is read from the platform either way). Its group is the repository and base its
 * source file came from; its batch share: ReadyForDownload → the translated file placed by the
 * config; Failed → a failure listed in the PR; still in progress → NotReadyError (retried later).
 */
export const instantTranslation: EventHandler = {
  async group(event, ctx): Promise<Grouping> {
    const found = await translationOf(event, ctx);
    return 'recorded' in found ? found : { origin: found.origin };
  },

  async collect(event, ctx) {
    const found = await translationOf(event, ctx);
    if ('recorded' in found) {
      ctx.log.info({ event: event.webhookId }, found.recorded);
      return undefined;
    }
    const { translationId, status, file } = found;
    const deliveries = new Deliveries();
    const target = `${status.trgLang}${status.trgLocale ? `-${status.trgLocale}` : ''}`;
    if (status.status === 'Failed') {
      deliveries.fail({ sourcePath: file.name, target, message: status.errorMsg ?? 'translation failed' });
      return { deliveries };
    }
    if (status.status !== 'ReadyForDownload')
      throw new NotReadyError(`translation ${translationId} is ${status.status}, not ReadyForDownload yet`);
    const bytes = await ctx.client.instant.download(translationId, { as: 'bytes', signal: ctx.signal });
    const source = await sourceUpload(ctx.client, ctx.settings, file, ctx.signal);
    deliveries.place(ctx.settings, {
      sourcePath: file.name,
      lang: status.trgLang,
      locale: status.trgLocale,
      bytes,
      sourceBytes: source.bytes,
      words: source.words,
      sourceFileId: file.id,
      machine: true,
    });
    return { deliveries };
  },
};
