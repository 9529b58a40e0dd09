import { type NewEvent, type StoreResult, storeEvents } from './inbox.ts';
import type { ReceiverDb } from './schema.ts';

export interface GroupCommitOptions {
  db: ReceiverDb;
  /** How long the first arrival waits for company before its batch is written (default 2 ms). */
  windowMs?: number;
  /** Most events in one transaction (default 500); a full batch is written at once. */
  maxBatch?: number;
  /** Called after a commit that stored new events (the worker wakes up). */
  onStored?: () => void;
}

export interface GroupCommit {
  /** Resolves once the event is durably stored (or known as a duplicate); rejects if the write failed. */
  submit(event: NewEvent): Promise<StoreResult>;
  /** Writes whatever is buffered and waits for it (shutdown). */
  drain(): Promise<void>;
}

interface Waiting {
  event: NewEvent;
  resolve: (result: StoreResult) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit for the inbox: with `synchronous=FULL` every SQLite commit waits for the disk, so
 * one transaction per request caps ingest at the disk's flush rate. Arrivals are buffered for at
 * most `windowMs` (or while the previous batch is being written) and stored in one transaction;
 * each request is answered after the commit that made its event durable.
 */
export function createGroupCommit(options: GroupCommitOptions): GroupCommit {
  const windowMs = options.windowMs ?? 2;
  const maxBatch = options.maxBatch ?? 500;
  let waiting: Waiting[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;

  function schedule() {
    if (writing || timer) return;
    timer = setTimeout(write, waiting.length >= maxBatch ? 0 : windowMs);
  }

  function write() {
    clearTimeout(timer);
    timer = undefined;
    if (writing || waiting.length === 0) return;
    const batch = waiting.slice(0, maxBatch);
    waiting = waiting.slice(batch.length);
    writing = storeEvents(
      options.db,
      batch.map((w) => w.event),
    )
      .then(
        (results) => {
          for (const [i, w] of batch.entries()) w.resolve(results[i]!);
          if (results.some((r) => !r.duplicate)) options.onStored?.();
        },
        (err: unknown) => {
          for (const w of batch) w.reject(err);
        },
      )
      .finally(() => {
        writing = undefined;
        // Whatever arrived meanwhile goes out at once: it has already waited one commit.
        if (waiting.length > 0) setImmediate(write);
      });
  }

  return {
    submit(event) {
      return new Promise((resolve, reject) => {
        waiting.push({ event, resolve, reject });
        if (waiting.length >= maxBatch && !writing) write();
        else schedule();
      });
    },
    async drain() {
      while (waiting.length > 0 || writing) {
        write();
        await writing;
      }
    },
  };
}
