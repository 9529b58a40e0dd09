/** The file formats a memory import accepts: translation memories first, then termbases. */
export type ImportFormat = 'tmx' | 'tmq' | 'xliff' | 'sdlxliff' | 'sdltm' | 'csv' | 'tbx';

/** Trados confirmation-level filter of an SDLXLIFF import (the API's `sdlxliff_filters`). */
export interface SdlxliffFilter {
  conf_name: string;
  percentage: number;
  allow_unlocked: boolean;
}

/** The memory's language pair: ISO 639-1 codes with optional ISO 3166-1 regions ("US" or "en-US"). */
export interface LanguagePair {
  srclang: string;
  srclocale?: string | undefined;
  trglang: string;
  trglocale?: string | undefined;
}

export interface ImportRequest {
  /** The uploaded file's name, e.g. "legal.tmx"; its extension selects the format. */
  name: string;
  /** The file's bytes, streamed; may be called more than once. */
  chunks: () => AsyncIterable<Uint8Array>;
  pair: LanguagePair;
  sdlxliffFilters?: SdlxliffFilter[] | undefined;
  /** CSV termbases: the first row holds column names and is not imported. */
  hasHeaderRow?: boolean | undefined;
  /** Refuse files larger than this many bytes (checked while streaming); no limit when absent. */
  maxBytes?: number | undefined;
}

export interface ImportedSegment {
  source: string;
  target: string;
  notes?: string;
  /** Creation time, milliseconds since the Unix epoch. */
  createdAt?: number;
  userEmail?: string;
  context?: string;
}

export interface ImportedTerm {
  source: string;
  target: string;
  notes?: string;
}

/**
 * Figures of one import, filled in while the items are read: final once iteration has finished.
 * `skipped` counts units that were read but not imported, by reason (`language`: the unit lacks the
 * memory's source or target language; `untranslated`: no target or a state that is not translated;
 * `filtered`: refused by the SDLXLIFF filters; `empty`: an empty source or target).
 */
export interface ImportStats {
  format: ImportFormat | undefined;
  imported: number;
  skipped: number;
  skippedBy: Record<string, number>;
}

export type ImportResult =
  | { kind: 'tm'; segments: AsyncIterable<ImportedSegment>; stats: ImportStats }
  | { kind: 'termbase'; terms: AsyncIterable<ImportedTerm>; stats: ImportStats };
