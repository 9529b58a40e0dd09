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
