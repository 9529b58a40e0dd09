/**
 * The request id that caused what a process is doing right now, carried through async work with
 * AsyncLocalStorage, so one id follows a change from the API call that made it to the pull
 * request it ends in:
 * - the platform sets it per API request (server/http/request-id.ts), stores it with the work
 *   items and webhook messages the request creates, runs those items under it again, and sends
 *   it with each webhook delivery as `svc-request-id`;
 * - the receiver handles each event under the id its delivery carried;
 * - the client sends the current id as `x-request-id`, so the platform's side of a receiver's
 *   calls carries it too; log lines name it through `requestIdMixin`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const context = new AsyncLocalStorage<{ requestId: string }>();

/** The id of the request (or work item) being handled, if any. */
export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}

/** Runs `fn` with `requestId` as the current request id. */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return context.run({ requestId }, fn);
}

/** A pino `mixin`: every log line written inside a request or work item names its request id. */
export function requestIdMixin(): { requestId?: string } {
  const requestId = currentRequestId();
  return requestId ? { requestId } : {};
}

/** Request ids taken from outside (`x-request-id`, `svc-request-id`) must be plain tokens. */
export const SAFE_REQUEST_ID = /^[\w.:-]{1,64}$/;
