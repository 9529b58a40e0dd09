import { ImportError } from './import-error.ts';
import { emailOf, parseSdlDate } from './metadata.ts';
import type { SdlxliffFilter } from './types.ts';
import { attribute, childElements, firstChild, plainText, type TreeElement } from './xml-tree.ts';

/** One `<sdl:seg>` of a trans-unit's `<sdl:seg-defs>`: Trados' per-segment status. */
export interface SdlSegmentInfo {
  /** The `conf` attribute; `Unspecified` when absent (Trados' "Not Translated"). */
  conf: string;
  /** TM match percentage the segment was pre-translated with; 0 when absent. */
  percent: number;
  locked: boolean;
  createdAt: number | undefined;
  userEmail: string | undefined;
}

/** Trados' confirmation levels (the `conf` values), each with the names its user interface shows. */
const LEVELS: Record<string, string[]> = {
  Unspecified: ['Not Translated', 'NotTranslated', 'None'],
  Draft: [],
  Translated: [],
  RejectedTranslation: ['Translation Rejected'],
  ApprovedTranslation: ['Translation Approved'],
  RejectedSignOff: ['Sign-off Rejected'],
  ApprovedSignOff: ['Signed Off', 'SignedOff'],
};

const DEFAULT_LEVELS = new Set(['Translated', 'ApprovedTranslation', 'ApprovedSignOff']);

const squash = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');
const BY_NAME = new Map<string, string>();
for (const [level, aliases] of Object.entries(LEVELS)) {
  for (const name of [level, ...aliases]) BY_NAME.set(squash(name), level);
}

/** The segment definitions of a trans-unit by segment id (`mid`). */
export function readSegDefs(unit: TreeElement): Map<string, SdlSegmentInfo> {
  const defs = new Map<string, SdlSegmentInfo>();
  const holder = firstChild(unit, 'seg-defs');
  if (!holder) return defs;
  for (const seg of childElements(holder, 'seg')) {
    const id = attribute(seg, 'id');
    if (id === undefined) continue;
    const values: Record<string, string> = {};
    for (const value of childElements(seg, 'value')) {
      const key = attribute(value, 'key');
      if (key) values[key] = plainText(value);
    }
    const conf = attribute(seg, 'conf');
    const percent = Number(attribute(seg, 'percent') ?? 0);
    defs.set(id, {
      conf: conf ? (BY_NAME.get(squash(conf)) ?? conf) : 'Unspecified',
      percent: Number.isFinite(percent) ? percent : 0,
      locked: attribute(seg, 'locked') === 'true',
      createdAt: parseSdlDate(values['created_on']) ?? parseSdlDate(values['modified_on']),
      userEmail: emailOf(values['created_by'], values['last_modified_by'], values['modified_by']),
    });
  }
  return defs;
}

/** The status of a segment without a definition: Trados treats it as not translated. */
export const UNSPECIFIED: SdlSegmentInfo = {
  conf: 'Unspecified',
  percent: 0,
  locked: false,
  createdAt: undefined,
  userEmail: undefined,
};

/**
 * Which segments an SDLXLIFF import takes. With filters, a segment is imported when it matches ANY
 * filter, and it matches one when all three hold: its confirmation level is the filter's
 * `conf_name` (the `conf` value or the name Trados shows, any case), its `percent` is at least the
 * filter's `percentage`, and the filter has `allow_unlocked` or the segment is locked. Without
 * filters, Translated, ApprovedTranslation and ApprovedSignOff segments are imported. An unknown
 * `conf_name` fails the import at once: a typo would otherwise silently import nothing.
 */
export function sdlSegmentFilter(
  filters: readonly SdlxliffFilter[] | undefined,
): (info: SdlSegmentInfo) => boolean {
  if (!filters || filters.length === 0) return (info) => DEFAULT_LEVELS.has(info.conf);
  const resolved = filters.map((filter) => {
    const level = BY_NAME.get(squash(filter.conf_name));
    if (!level) {
      throw new ImportError(
        `unknown confirmation level "${filter.conf_name}" in sdlxliff_filters; known: ${Object.keys(LEVELS).join(', ')}`,
      );
    }
    return { level, percentage: filter.percentage, allowUnlocked: filter.allow_unlocked };
  });
  return (info) =>
    resolved.some(
      (filter) =>
        filter.level === info.conf &&
        info.percent >= filter.percentage &&
        (filter.allowUnlocked || info.locked),
    );
}

/** Trados' own name of a level, for messages ("Not Translated" rather than "Unspecified"). */
export function levelLabel(conf: string): string {
  return LEVELS[conf]?.[0] ?? conf;
}
