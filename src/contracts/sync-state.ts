/**
 * What earlier runs saw and delivered, per target file and unit, kept on the platform (one small
 * file per repository and base branch) so that "unchanged since it was translated" is known on a
 * shallow clone and without a file in the user's repository.
 *
 * Per unit it holds hashes only: of the source text the target's text translates and of that
 * target text as last seen on the base branch. A translation we delivered that the base does not
 * show yet (its pull request is open) is kept whole as pending, so a later run writes it again
 * instead of translating — or charging — twice, and never takes it for a person's edit.
 * Translations that left a target (a key the source removed, the translation of a text the source
 * then changed) are kept whole too, a bounded number per target (`gone`): a source text that comes
 * back gets its translation back instead of a new one (issue 36).
 */
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync, strFromU8, strToU8 } from 'fflate';
import { ApiError, type Client, type FileRecord, uploadFile } from '../api/index.ts';
import type { UnitText } from '../formats/target.ts';
import { type Origin, originLabels, repoLabel } from './labels.ts';

/**
 * A unit as last seen on the base: hashes of its source text and of its target text, and of the
 * source text normalized (editHash in src/translations/source-edits.ts; absent in older files
 * and for a text without words).
 */
export interface UnitRecord {
  s: string;
  t: string;
  n?: string;
  /** The text is machine output we delivered, not reviewed by people (language gates, issue 37). */
  m?: true;
  /**
   * Kept after a small source edit, for a person to check (`on_source_change.small: review`): a
   * job's reviewer may still change it, and the delivery of their text is written (issue 36).
   */
  k?: true;
}

/** A translation we delivered that the base does not hold yet, and the source hashes it translates. */
export interface PendingUnit {
  s: string;
  text: UnitText;
  n?: string;
  /** Machine output (instant translation), not a translation people wrote or confirmed. */
  m?: true;
  /** Kept after a small source edit, for a person to check (UnitRecord.k). */
  k?: true;
}

/** How many translations that left a target each target remembers (the newest; see TargetRecord.gone). */
export const GONE_LIMIT = 1000;

export interface TargetRecord {
  units: Record<string, UnitRecord>;
  pending?: Record<string, PendingUnit>;
  /**
   * Units a writer had to put in with their source text (a new file rendered from the source,
   * with a translation missing), by source hash: untranslated, though the file holds them.
   */
  copied?: Record<string, string>;
  /**
   * Translations that left the target, by `<source hash>:<unit id>` (the source text they
   * translate), oldest first, at most GONE_LIMIT: a source text that comes back under its key (a
   * revert, a key added again) is given its translation back.
   */
  gone?: Record<string, UnitText>;
  /** Translatable units of the target's source at the last plan: the whole a language gate counts against. */
  size?: number;
  /** The target's source file (repository path): which group of a `ship:` policy it falls in. */
  source?: string;
}

export interface SyncState {
  version: 1;
  /** By target language, then target path. */
  targets: Record<string, Record<string, TargetRecord>>;
  /**
   * The groups of files (src/ship/policy.ts) each language last shipped, by target language;
   * absent before the first run that applied a `ship:` policy.
   */
  shipped?: Record<string, string[]>;
}

export const STATE_LABEL = 'svc:state';

export const emptyState = (): SyncState => ({ version: 1, targets: {} });

/** A short, stable hash of a unit text (plural forms in category order). */
export function textHash(text: UnitText): string {
  const canonical =
    typeof text === 'string'
      ? `s${text}`
      : `p${JSON.stringify(Object.entries(text).sort(([a], [b]) => a.localeCompare(b)))}`;
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 16);
}

/** The labels a branch's state file carries, to list it alone. */
const stateLabels = (origin: Origin) => [repoLabel(origin), `ref:${origin.ref}`, STATE_LABEL];

/** The platform name of a base branch's state file. */
export const stateFileName = (ref: string) => `.svc-state/${ref}.json.gz`;

/** The newest state file of `ref` among a repository's files (see lastUploads). */
export function stateRecordOf(files: Iterable<FileRecord>, ref: string): FileRecord | undefined {
  let newest: FileRecord | undefined;
  for (const f of files)
    if (f.name === stateFileName(ref) && f.labels.includes(STATE_LABEL) && (!newest || f.id > newest.id))
      newest = f;
  return newest;
}

/** Reads a state file; one that cannot be read is reported by the caller and counts as none. */
export function decodeState(bytes: Uint8Array): SyncState {
  const parsed = JSON.parse(strFromU8(gunzipSync(bytes))) as SyncState;
  if (parsed?.version !== 1 || typeof parsed.targets !== 'object' || parsed.targets === null)
    throw new Error('not a version 1 state file');
  return parsed;
}

export function encodeState(state: SyncState): Uint8Array {
  return gzipSync(strToU8(JSON.stringify(state)), { level: 6 });
}

/** Loads the base's state (one download), or an empty one on the first run. */
export async function loadState(
  client: Client,
  record: FileRecord | undefined,
  options: { signal?: AbortSignal; warn?: (message: string) => void; origin?: Origin } = {},
): Promise<SyncState> {
  const call = options.signal ? { signal: options.signal } : {};
  let current = record;
  // A run for the same branch may replace the state file between our listing and this download
  // (two pushes in quick succession): its successor is the newest state file, so look again.
  for (let attempt = 1; current; attempt++) {
    let bytes: Uint8Array;
    try {
      bytes = await client.files.download(current.id, { as: 'bytes', ...call });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404 && options.origin && attempt < 4)) throw error;
      const labels = stateLabels(options.origin);
      current = stateRecordOf(await client.files.list({ labels }, call), options.origin.ref);
      continue;
    }
    try {
      return decodeState(bytes);
    } catch (error) {
      options.warn?.(
        `state file ${current.name} (file ${current.id}) cannot be read (${(error as Error).message}); existing translations count as current`,
      );
      return emptyState();
    }
  }
  return emptyState();
}

/** Saves the state as a new file and deletes the one it replaces (two requests). */
export async function saveState(
  client: Client,
  state: SyncState,
  origin: Origin,
  previous: FileRecord | undefined,
  signal?: AbortSignal,
): Promise<FileRecord> {
  const call = signal ? { signal } : {};
  const record = await uploadFile(
    client,
    {
      name: stateFileName(origin.ref),
      content: encodeState(state),
      labels: [...originLabels(origin), STATE_LABEL],
    },
    call,
  );
  // Another run may have replaced (and deleted) it already.
  if (previous)
    await client.files.delete(previous.id, call).catch((error: unknown) => {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    });
  return record;
}

/** The state the last run recorded for `origin`'s branch (two requests: the listing and the file). */
export async function recordedState(
  client: Client,
  origin: Origin,
  options: { signal?: AbortSignal; warn?: (message: string) => void } = {},
): Promise<SyncState> {
  const labels = stateLabels(origin);
  const files = await client.files.list({ labels }, options.signal ? { signal: options.signal } : {});
  return loadState(client, stateRecordOf(files, origin.ref), { ...options, origin });
}
