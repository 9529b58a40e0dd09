import type { Generated, Kysely } from 'kysely';
import type { Database } from '../../src/db/connect.ts';

/** The receiver's own tables (apart from the platform's). Times are epoch milliseconds. */
export interface ReceiverSchema {
  receiver_inbox: InboxTable;
  receiver_queue: QueueTable;
  receiver_group_locks: GroupLocksTable;
  receiver_written_paths: WrittenPathsTable;
}

/** Every verified delivery, once per `webhook-id`; never changed after insert. */
export interface InboxTable {
  id: Generated<number>;
  webhook_id: string;
  /** The event type, recognised at the front door (`unknown` for ignored bodies). */
  type: string;
  /** The raw body as signed (JSON text). */
  payload: string;
  received_at: number;
  /** The platform request behind the event (`svc-request-id`), when the delivery named one. */
  request_id: string | null;
}

export type QueueStatus = 'pending' | 'processing' | 'done' | 'dead' | 'ignored';

/** The processing state of one inbox event. */
export interface QueueTable {
  event_id: number;
  status: QueueStatus;
  attempts: number;
  next_attempt_at: number;
  lease_owner: string | null;
  lease_until: number | null;
  last_error: string | null;
  /** 1 once `nameGroup` answered (its answer may be null: handled alone). */
  grouped: number;
  group_key: string | null;
  updated_at: number;
}

/** One row per group being handled: only its owner may work on the group until the lease ends. */
export interface GroupLocksTable {
  group_key: string;
  owner: string;
  lease_until: number;
}

/**
 * Per repository, base and translated file: the newest source upload whose translation the
 * receiver has committed there. A translation of an older upload arriving later is left out.
 */
export interface WrittenPathsTable {
  /** `owner/repo`. */
  repository: string;
  base: string;
  path: string;
  source_file_id: number;
  updated_at: number;
}

export type ReceiverDb = Kysely<ReceiverSchema>;
export type ReceiverDatabase = Database<ReceiverSchema>;
