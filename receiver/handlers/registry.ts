import type { Logger } from 'pino';
import type { Client } from '../../src/api/index.ts';
import type { SyncSettings } from '../../src/config/settings.ts';
import type { Origin } from '../../src/contracts/labels.ts';
import type { InboxEvent } from '../contracts.ts';
import type { Deliveries } from '../pull-request-batch/deliveries.ts';

/** Phase 1's answer: the repository and base the event writes to, or why it writes nothing. */
export type Grouping = { origin: Origin } | { recorded: string };

/** A job's translation-memory leverage, in words, for the pull request's body. */
export interface Leverage {
  exactWords: number;
  fuzzyWords: number;
  newWords: number;
}

/** What one event brings to its group's pull request (phase 2). */
export interface Contribution {
  deliveries: Deliveries;
  /** A delivered job: archived once its pull request is written. */
  job?: { id: number; leverage: Leverage };
}

export interface EventContext {
  client: Client;
  log: Logger;
  signal: AbortSignal;
}

/** What the receiver does with one event type, in its two phases. */
export interface EventHandler {
  /** Phase 1: names the group — the repository and base branch the event writes to. */
  group(event: InboxEvent, ctx: EventContext): Promise<Grouping>;
  /**
   * Phase 2, for events with a group: what the event brings to the group's batch (read from the
   * platform and placed by the group's `.svc.yml`); undefined when it brings nothing after all.
   * Throwing fails this event only; the others of the batch go on.
   */
  collect?(
    event: InboxEvent,
    ctx: EventContext & { origin: Origin; settings: SyncSettings },
  ): Promise<Contribution | undefined>;
}

/** Event handlers by event type, registered in the manner of `@octokit/webhooks`' `on`. */
export interface Registry {
  on(eventType: string, handler: EventHandler): void;
  /** The handler of a type; undefined for a type nobody registered. */
  handlerOf(eventType: string): EventHandler | undefined;
}

export function createRegistry(): Registry {
  const handlers = new Map<string, EventHandler>();
  return {
    on(eventType, handler) {
      if (handlers.has(eventType)) throw new TypeError(`[receiver] ${eventType} already has a handler`);
      handlers.set(eventType, handler);
    },
    handlerOf: (eventType) => handlers.get(eventType),
  };
}
