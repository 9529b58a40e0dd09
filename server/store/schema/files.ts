/** Uploaded files, their labels, and instant translations of them. Times are epoch milliseconds. */
import type { Generated } from 'kysely';

export interface FilesTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  blob_id: number;
  size: number;
  file_hash: string;
  /** ISO 639-1 code, `zxx` until detected (or when there is no linguistic content). */
  detected_lang: string;
  detected_lang_confidence: number;
  category: 'API' | 'REFERENCE';
  project_id: number | null;
  created_at: number;
  updated_at: number;
}

export interface FileLabelsTable {
  file_id: number;
  label: string;
}

/** Lines of code using a unit's key, sent with its source file (migration 0016). */
export interface FileCodeLinksTable {
  file_id: number;
  unit_id: string;
  /** JSON array of `{path, line, url}`, at most a few per unit. */
  links: string;
  /** Uses found, of which `links` holds the first. */
  total: number;
}

/** A REFERENCE file that is a PNG screenshot, with its size in pixels. */
export interface ScreenshotsTable {
  file_id: number;
  width: number;
  height: number;
}

/** A key a screenshot shows, with its box in image pixels when known. */
export interface ScreenshotKeysTable {
  file_id: number;
  unit_key: string;
  x: number | null;
  y: number | null;
  w: number | null;
  h: number | null;
}

export type InstantStatus = 'InProgress' | 'Completed' | 'Failed' | 'ReadyForDownload';

export interface InstantTranslationsTable {
  id: Generated<number>;
  organization_id: number;
  file_id: number;
  memory_id: number;
  status: InstantStatus;
  error_msg: string | null;
  result_blob_id: number | null;
  with_tm: number;
  config_id: number | null;
  trglang: string;
  trglocale: string | null;
  characters: number;
  created_at: number;
  updated_at: number;
}
