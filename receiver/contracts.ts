import type { Logger } from 'pino';
import type { GitHubBudget } from '../src/github/budget.ts';
import type { GitHub } from '../src/github/client.ts';
import type { BadgeSource } from './badges.ts';
import type { PhasesDeps } from './pull-request-batch/phases.ts';
import type { ReceiverSettings } from './settings.ts';
import type { ReceiverDb } from './store/schema.ts';

/** One stored webhook event as the handlers see it. */
export interface InboxEvent {
  /** The inbox row id; stable across retries. */
  id: number;
  /** The Standard Webhooks `webhook-id` (the platform's message id, the same on every delivery). */
  webhookId: string;
  /** The body's `eventType`, or the type recognised by the payload's shape (receiver/events.ts). */
  type: string;
  /** The parsed JSON body, as signed. */
  payload: unknown;
  /** When the front door stored it, epoch milliseconds. */
  receivedAt: number;
  /** The platform request behind the event (`svc-request-id`), when its delivery named one. */
  requestId?: string;
  /** Handling attempts so far, this one included (1 on the first call to `handleBatch`). */
  attempts: number;
  /** What `nameGroup` answered; null for events handled alone. */
  groupKey: string | null;
}

/** `handleBatch`'s way of failing some events of a batch while the others succeed. */
export interface PartialFailure {
  failed: { id: number; error: string; permanent?: boolean }[];
}

/**
 * The two phases the worker runs events through (the GitHub/platform logic lives behind them):
 * name each event's group, then handle the batch of a group.
 */
export interface EventPhases {
  /**
   * Phase 1: which repository+base this event touches, e.g. "acme/app@main" — may call the platform.
   * Events that need no GitHub work may return `null` (handled alone, no group lock).
   * Throwing = retry later (counts as an attempt).
   */
  nameGroup(event: InboxEvent, signal: AbortSignal): Promise<string | null>;
  /**
   * Phase 2: handles events of ONE group together (coalesced into one commit by the handler). Throwing
   * retries them all with backoff; `{ failed: [{id, error, permanent?}] }` retries or
   * dead-letters only those, the others are done.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: a handler that fails nothing simply returns
  handleBatch(events: InboxEvent[], signal: AbortSignal): Promise<void | PartialFailure>;
}

/** Everything the running receiver gets from the handlers' side (built by composeServices, start.ts). */
export interface ReceiverServices {
  phases: EventPhases;
  /** Resolves when the platform answers; rejects with the reason otherwise (GET /readyz). */
  checkPlatform: () => Promise<void>;
  /** Finds work the webhooks may have missed; run at start and every `reconcileMs`. */
  reconcile?: () => Promise<void>;
  /** Releases what the services hold (HTTP agents, caches) when the receiver stops. */
  close?: () => Promise<void>;
  /**
   * Why events cannot be handled (no GitHub access configured): the receiver then stores and
   * acknowledges them, runs no worker, and handles them once restarted with what was missing.
   */
  storeOnly?: string;
  /** GitHub's budgets as the GitHub access has seen them (/metrics and /readyz show them). */
  githubBudget?: GitHubBudget;
  /** Progress badges of the repositories RECEIVER_PUBLIC_BADGES names (badges.ts). */
  badges?: BadgeSource;
}

/** Builds the services from the receiver's settings (composeServices in receiver/start.ts by default). */
export type ReceiverServicesFactory = (context: {
  settings: ReceiverSettings;
  log: Logger;
  /** The receiver's database, open and migrated (reconcile stores what it finds in the inbox). */
  db: ReceiverDb;
  /** GitHub access instead of the settings' (the local stack's GitHub double). */
  github?: ((owner: string, repo: string) => Promise<GitHub>) | undefined;
  /** Called at each step of a batch (pull-request-batch/phases.ts): a test's hook, never set in production. */
  onStep?: PhasesDeps['onStep'];
}) => ReceiverServices | Promise<ReceiverServices>;
