/**
 * Metadata values as translation tools write them. A malformed date or a user name that is not an
 * e-mail address is dropped rather than failing the import: the segment pair is what matters, and
 * tools write these fields loosely (Trados puts `DOMAIN\user` in creationid).
 */

const TMX_DATE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z?$/;
/** Trados writes dates in the invariant culture: `3/10/2015 10:12:58 AM` or `03/10/2015 22:12:58`. */
const SDL_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4}) (\d{1,2}):(\d{2}):(\d{2})(?: ?([AaPp][Mm]))?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?Z?$/;
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[A-Za-z]{2,}$/;

/** TMX `creationdate`/`changedate` (`YYYYMMDDThhmmssZ`, always UTC) in ms, or undefined. */
export function parseTmxDate(value: string | undefined): number | undefined {
  const m = value === undefined ? null : TMX_DATE.exec(value.trim());
  return m ? utc(m[1], m[2], m[3], m[4], m[5], m[6]) : undefined;
}

/** SDLXLIFF `created_on` (`M/D/YYYY H:mm:ss`, taken as UTC) in ms, or undefined. */
export function parseSdlDate(value: string | undefined): number | undefined {
  const m = value === undefined ? null : SDL_DATE.exec(value.trim());
  if (!m) return undefined;
  let hour = Number(m[4]);
  const half = m[7]?.toUpperCase();
  if (half && (hour < 1 || hour > 12)) return undefined;
  if (half === 'PM' && hour < 12) hour += 12;
  if (half === 'AM' && hour === 12) hour = 0;
  return utc(m[3], m[1], m[2], String(hour), m[5], m[6]);
}

/** SDLTM `creation_date` (`YYYY-MM-DD hh:mm:ss`, UTC) in ms, or undefined. */
export function parseIsoDate(value: unknown): number | undefined {
  const m = typeof value === 'string' ? ISO_DATE.exec(value.trim()) : null;
  return m ? utc(m[1], m[2], m[3], m[4], m[5], m[6]) : undefined;
}

function utc(...parts: (string | undefined)[]): number | undefined {
  const [y, mo, d, h, mi, s] = parts.map(Number) as [number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const date = new Date(ms);
  // Date.UTC rolls 31 February over into March; a date that does not come back as written is not a date.
  const same =
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi &&
    date.getUTCSeconds() === s;
  return same ? ms : undefined;
}

/** The first value that looks like an e-mail address, trimmed. */
export function emailOf(...values: (string | undefined)[]): string | undefined {
  for (const value of values) {
    const trimmed = value?.trim();
    if (trimmed && EMAIL.test(trimmed)) return trimmed;
  }
  return undefined;
}

/** Joins note lines, dropping empty ones; undefined when nothing is left. */
export function joinNotes(lines: readonly (string | undefined)[]): string | undefined {
  const kept = lines.map((line) => line?.trim()).filter((line): line is string => Boolean(line));
  return kept.length > 0 ? [...new Set(kept)].join('\n') : undefined;
}
