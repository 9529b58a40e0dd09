import type { InboxEvent } from '../contracts.ts';
import type { EventContext, Registry } from '../handlers/registry.ts';
import { groupKeyOf } from './group-key.ts';

export interface NameGroupDeps extends Omit<EventContext, 'signal'> {
  registry: Registry;
  isAllowed: (fullName: string) => boolean;
}

/**
 * Phase 1: the group an event belongs to — `owner/repo@base`, the repository and base branch its
 * pull request is for — found through the event's handler. Null, with the reason logged, for an
 * event that writes nothing: one of a type recorded only, one whose files the Action did not
 * upload, one for a repository outside RECEIVER_ALLOWED_REPOS. Throwing retries it later.
 */
export async function nameGroup(deps: NameGroupDeps, event: InboxEvent, signal: AbortSignal) {
  const handler = deps.registry.handlerOf(event.type);
  const grouping = handler
    ? await handler.group(event, { client: deps.client, log: deps.log, signal })
    : { recorded: `${event.type} has no handler; recorded` };
  let reason: string;
  if ('recorded' in grouping) reason = grouping.recorded;
  else {
    const name = `${grouping.origin.owner}/${grouping.origin.repo}`;
    if (deps.isAllowed(name)) return groupKeyOf(grouping.origin);
    reason = `repository ${name} is not in RECEIVER_ALLOWED_REPOS; nothing written`;
  }
  deps.log.info({ event: event.webhookId, type: event.type }, reason);
  return null;
}
