/** Background work and what it shares: work items, blobs, rate windows and usage counters. Times are epoch milliseconds. */
import type { Generated } from 'kysely';

export interface RateWindowsTable {
  organization_id: number;
  /** `general`, `limited_requests` or `limited_chars`. */
  bucket: string;
  /** Start of the fixed window, epoch ms. */
  window_start: number;
  used: number;
}

export type WorkStatus = 'queued' | 'running' | 'done' | 'dead';

export interface WorkItemsTable {
  id: Generated<number>;
  kind: string;
  /** JSON. */
  payload: string;
  organization_id: number | null;
  status: WorkStatus;
  run_at: number;
  attempts: number;
  max_attempts: number;
  locked_by: string | null;
  locked_until: number | null;
  last_error: string | null;
  /** The API request that created the item (request-context.ts); null for items made elsewhere. */
  request_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface BlobsTable {
  id: Generated<number>;
  organization_id: number;
  size: number;
  md5: string;
  /** 0 while chunks are being written; an incomplete blob is never read. */
  complete: number;
  created_at: number;
}

export interface BlobChunksTable {
  blob_id: number;
  seq: number;
  data: Uint8Array;
}

export interface UsageTable {
  organization_id: number;
  /** YYYY-MM-DD (UTC). */
  day: string;
  /** e.g. `mt_characters`. */
  metric: string;
  amount: number;
}
