/** Translation memories, their segments and imports, and termbases. Times are epoch milliseconds. */
import type { ColumnType, Generated } from 'kysely';

export interface MemoriesTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  srclang: string;
  srclocale: string | null;
  trglang: string;
  trglocale: string | null;
  /** Counts changes to the memory's content; in-process TM indexes compare it to know they are current. */
  version: number;
  /** Imports and termbase exports running (a count, so overlapping work is tracked). */
  processing: number;
  /** Postings of the TM lists whose segments are gone (PostgreSQL; see `compactPostings`). */
  tm_dead_postings: Generated<number>;
  created_at: number;
  updated_at: number;
}

export type ImportStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface MemoryImportsTable {
  id: Generated<number>;
  memory_id: number;
  /** `tm` or `termbase` once known; `unknown` before the worker looked at the file. */
  kind: string;
  name: string;
  blob_id: number | null;
  /** JSON of the import options (filters, header row, skip duplicates). */
  options: string;
  status: ImportStatus;
  error: string | null;
  added: number;
  skipped: number;
  created_at: number;
  finished_at: number | null;
}

export interface SegmentsTable {
  id: Generated<number>;
  memory_id: number;
  source: string;
  target: string;
  source_hash: string;
  notes: string | null;
  resource_name: string | null;
  user_email: string | null;
  /** The import that staged the row (null for segments written directly). */
  import_id: number | null;
  /** 0 while an import is staging the row, 1 once the import committed. */
  visible: number;
  created_at: number;
}

/** The size of one TM posting list (PostgreSQL only; `server/store/memories/postings.ts`). */
export interface TmListsTable {
  memory_id: number;
  /** The gram's code; PostgreSQL returns a bigint as a string. */
  gram: ColumnType<string, number, number>;
  bucket: number;
  /** Postings in the list's chunks. */
  n: number;
}

/**
 * One chunk of one TM posting list (PostgreSQL only): the ids of the segments at positions
 * chunk × CHUNK … of the list of a memory's keys that hold a gram and whose length falls in a bucket.
 */
export interface TmPostingsTable {
  memory_id: number;
  gram: ColumnType<string, number, number>;
  bucket: number;
  chunk: number;
  /** Postings in `ids`. */
  n: number;
  /** Segment ids, as pieces of varint deltas (`server/engine/tm/posting-chunks.ts`). */
  ids: Uint8Array;
}

export interface TermsTable {
  id: Generated<number>;
  memory_id: number;
  source: string;
  target: string;
  notes: string | null;
  import_id: number | null;
  visible: number;
  created_at: number;
}

export interface TermbaseExportsTable {
  memory_id: number;
  csv: string | null;
  /** `running` or `ready`. */
  status: string;
  created_at: number;
}
