/**
 * Content records whose generations overlap or never end: the newest regeneration's outcome is the
 * one kept, a generation that runs too long is stopped, and a record left generating by a process
 * that died shows (and is marked) failed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentGenerator, GenerationRequest } from '../../server/services/content/generator.ts';
import { INTERRUPTED } from '../../server/services/content/records.ts';
import { failInterruptedContents } from '../../server/services/content/service.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { createBody, messageTexts, readEvents, signTerms } from './content-support.ts';

/**
 * Yields "<label>:start", then waits until the test releases that label, then "<label>:end". Each
 * generation takes its label from the queue `labels`; with none queued it ends at once.
 */
function gatedGenerator() {
  const labels: string[] = [];
  const gates = new Map<string, () => void>();
  const held = new Map<string, Promise<void>>();
  const hold = (label: string) => {
    labels.push(label);
    held.set(label, new Promise<void>((resolve) => gates.set(label, resolve)));
  };
  const generator: ContentGenerator = {
    name: 'gated',
    async *generate(_request: GenerationRequest, signal: AbortSignal) {
      const label = labels.shift() ?? 'quick';
      yield `${label}:start `;
      const gate = held.get(label);
      if (gate)
        await new Promise<void>((resolve, reject) => {
          void gate.then(resolve);
          signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        });
      yield `${label}:end`;
    },
  };
  return { generator, hold, release: (label: string) => gates.get(label)?.() };
}

const gated = gatedGenerator();
let p: TestPlatform;

beforeAll(async () => {
  p = await startPlatform({ content: gated.generator, contentMaxGenerationMs: 1500 });
  await signTerms(p);
});
afterAll(async () => {
  await p.close();
});

const record = async (id: number) => (await p.call(`/v2/create/${id}`)).json();

describe('content generations', () => {
  it('a regeneration that finishes first is not overwritten by an earlier one finishing later', async () => {
    const created = await readEvents(await p.call('/v2/create', { method: 'POST', json: createBody() }));
    const id = created.contentId;
    expect(await record(id)).toMatchObject({ status: 'completed', content: 'quick:start quick:end' });

    gated.hold('first');
    const first = await p.call(`/v2/create/${id}/create`);
    const reader = first.body!.getReader();
    await reader.read(); // the first piece: the first regeneration is under way
    const second = await readEvents(await p.call(`/v2/create/${id}/create`));
    expect(messageTexts(second.events).join('')).toBe('quick:start quick:end');
    expect(await record(id)).toMatchObject({ status: 'completed', content: 'quick:start quick:end' });

    gated.release('first');
    while (!(await reader.read()).done);
    // The first stream told its own client everything, but the record keeps the newer result.
    expect(await record(id)).toMatchObject({ status: 'completed', content: 'quick:start quick:end' });
  });

  it('a generation that runs longer than the limit is stopped and its record says so', async () => {
    gated.hold('endless');
    const read = await readEvents(await p.call('/v2/create', { method: 'POST', json: createBody() }));
    const error = read.events.find((e) => e.event === 'error');
    expect(JSON.parse(error!.data).message).toMatch(/generation stopped: it ran longer than 2 s/);
    expect(await record(read.contentId)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/ran longer than/),
    });
  });

  it('a record left generating by a process that died shows as failed, and housekeeping marks it', async () => {
    const created = await readEvents(await p.call('/v2/create', { method: 'POST', json: createBody() }));
    const id = created.contentId;
    const db = p.database.db;
    const stale = Date.now() - 12 * 60_000;
    await db
      .updateTable('contents')
      .set({ status: 'generating', result: null, updated_at: stale })
      .where('id', '=', id)
      .execute();
    expect(await record(id)).toMatchObject({ status: 'failed', error: INTERRUPTED });
    const listed = (await (await p.call('/v2/create')).json()) as {
      contents: { id: number; status: string }[];
    };
    expect(listed.contents.find((c) => c.id === id)?.status).toBe('failed');

    // A generation still within its time is left alone.
    const { contentId: fresh } = await readEvents(
      await p.call('/v2/create', { method: 'POST', json: createBody() }),
    );
    await db
      .updateTable('contents')
      .set({ status: 'generating', updated_at: Date.now() - 60_000 })
      .where('id', '=', fresh)
      .execute();
    expect(await failInterruptedContents(db, Date.now())).toBe(1);
    expect(
      await db.selectFrom('contents').select(['status', 'error']).where('id', '=', id).executeTakeFirst(),
    ).toEqual({
      status: 'failed',
      error: INTERRUPTED,
    });
    expect((await record(fresh)).status).toBe('generating');
  });
});
