/**
 * Invisible key markers (`pseudo --mark-keys`): each pseudo text carries its unit's key in
 * zero-width characters, so text read back from a running pseudo build (an accessibility tree, the
 * DOM's innerText, a UI test's text dump) names the keys on screen without OCR or guessing.
 *
 * A marked text is  OPEN mode payload… SEP  text  CLOSE:
 * - OPEN U+2063 INVISIBLE SEPARATOR, SEP U+2064 INVISIBLE PLUS, CLOSE U+2061 FUNCTION APPLICATION;
 * - payload digits in base 4: U+2062 INVISIBLE TIMES = 0, U+200C ZWNJ = 1, U+200D ZWJ = 2,
 *   U+2060 WORD JOINER = 3; four digits per byte, most significant first. Not U+200B ZERO WIDTH
 *   SPACE: text tools take it for whitespace and drop it (Playwright's ariaSnapshot does).
 * - mode 0 (one digit): the payload is the key's UTF-8 bytes, for keys up to KEY_BYTES bytes (a
 *   key such as `settings.notifications.title` costs 4 × 28 = 112 invisible characters);
 *   mode 1: the payload is the first 8 bytes of the key's SHA-256 (32 characters), for longer keys
 *   — gettext's msgids are whole sentences. decodeMarkedText resolves a digest against the keys it
 *   is given (the source files' unit ids, which the reader has anyway): no table file is written
 *   next to the target, where a build would trip over it (Android's res/values-*).
 * All of these are Default_Ignorable_Code_Point in Unicode: rendered as nothing, yet kept in the
 * text a platform reports. Markers nest: a marked text put into another's placeholder is read as
 * its own key inside the other's.
 */
import { createHash } from 'node:crypto';

export const OPEN = '\u2063';
export const SEP = '\u2064';
export const CLOSE = '\u2061';
const DIGITS = ['\u2062', '\u200c', '\u200d', '\u2060'] as const;
const VALUE = new Map<string, number>(DIGITS.map((d, i) => [d, i]));

/** Keys longer than this many UTF-8 bytes are carried as a digest. */
export const KEY_BYTES = 64;
const DIGEST_BYTES = 8;

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** The digest a long key is marked with, as hex (16 characters). */
export function keyDigest(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest().subarray(0, DIGEST_BYTES).toString('hex');
}

function digits(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes)
    out += DIGITS[b >> 6]! + DIGITS[(b >> 4) & 3]! + DIGITS[(b >> 2) & 3]! + DIGITS[b & 3]!;
  return out;
}

/** The invisible marker that opens a text of `key` (close it with CLOSE). */
export function openMarker(key: string): string {
  const bytes = new TextEncoder().encode(key);
  if (bytes.length <= KEY_BYTES) return `${OPEN}${DIGITS[0]}${digits(bytes)}${SEP}`;
  return `${OPEN}${DIGITS[1]}${digits(createHash('sha256').update(bytes).digest().subarray(0, DIGEST_BYTES))}${SEP}`;
}

/**
 * `text` marked as the text of `key`. The marker goes inside leading and trailing whitespace:
 * gettext requires a translation to start and end with a line break where its msgid does, and
 * layouts often depend on such whitespace.
 */
export function markText(key: string, text: string): string {
  const lead = text.slice(0, text.length - text.trimStart().length);
  if (lead.length === text.length) return `${openMarker(key)}${text}${CLOSE}`;
  const trail = text.slice(text.trimEnd().length);
  return `${lead}${openMarker(key)}${text.slice(lead.length, text.length - trail.length)}${CLOSE}${trail}`;
}

/** One keyed text found on screen. */
export interface MarkedText {
  /** The unit id; for a digest no given key matches, `#` and the digest's hex. */
  key: string;
  /** What the screen shows of it: the text with every marker taken out (nested texts included). */
  text: string;
  /** False when the end marker never came (the text was cut off, or ellipsized by the UI). */
  complete: boolean;
  /** True when the key was read from a digest (a long key) rather than spelled out. */
  digest?: true;
}

export interface DecodeOptions {
  /** Keys a digest may stand for (the sources' unit ids): long keys are found among them. */
  keys?: Iterable<string>;
}

/** Reads an opening marker at `at` (just after OPEN): its key and where the text starts, or undefined. */
function readOpening(
  text: string,
  at: number,
  digests: ReadonlyMap<string, string>,
): { key: string; digest: boolean; next: number } | undefined {
  const mode = VALUE.get(text[at]!);
  if (mode !== 0 && mode !== 1) return undefined;
  const end = text.indexOf(SEP, at + 1);
  if (end < 0) return undefined;
  const payload = text.slice(at + 1, end);
  if (payload.length % 4 !== 0) return undefined;
  const bytes = new Uint8Array(payload.length / 4);
  for (let i = 0; i < payload.length; i++) {
    const v = VALUE.get(payload[i]!);
    if (v === undefined) return undefined;
    bytes[i >> 2] = (bytes[i >> 2]! << 2) | v;
  }
  if (mode === 0) {
    try {
      return { key: new TextDecoder('utf-8', { fatal: true }).decode(bytes), digest: false, next: end + 1 };
    } catch {
      return undefined;
    }
  }
  if (bytes.length !== DIGEST_BYTES) return undefined;
  const h = hex(bytes);
  return { key: digests.get(h) ?? `#${h}`, digest: true, next: end + 1 };
}

/**
 * Every marked text in `text` (a page's or screen's text dump), in the order they open, with
 * the visible text of each. Text outside any marker (hard-coded strings) is not reported; a marker
 * that never closes (the UI cut the text off) reports what follows it to the end of that line,
 * `complete: false`.
 */
export function decodeMarkedText(text: string, options: DecodeOptions = {}): MarkedText[] {
  const digests = new Map<string, string>();
  for (const key of options.keys ?? []) digests.set(keyDigest(key), key);
  const found: MarkedText[] = [];
  const open: { index: number; parts: string[] }[] = [];
  const emit = (s: string) => {
    for (const o of open) o.parts.push(s);
  };
  let i = 0;
  let plain = '';
  const flush = () => {
    if (plain) emit(plain);
    plain = '';
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === OPEN) {
      const opening = readOpening(text, i + 1, digests);
      if (opening) {
        flush();
        found.push({
          key: opening.key,
          text: '',
          complete: false,
          ...(opening.digest ? { digest: true as const } : {}),
        });
        open.push({ index: found.length - 1, parts: [] });
        i = opening.next;
        continue;
      }
    } else if (c === CLOSE && open.length > 0) {
      flush();
      const o = open.pop()!;
      found[o.index]!.text = o.parts.join('');
      found[o.index]!.complete = true;
      i++;
      continue;
    }
    if (c !== OPEN && c !== CLOSE) plain += c;
    i++;
  }
  flush();
  // A text cut off on screen is one line: what follows the line's end is other texts.
  for (const o of open) found[o.index]!.text = o.parts.join('').split('\n')[0]!;
  return found;
}

/** A whole opening marker, or a closing one (alternation: a class holding U+200D would read as a joined sequence). */
const MARKER = /\u2063(?:\u2062|\u200c|\u200d|\u2060)+\u2064|\u2061/g;

/** `text` without its markers: what a reader sees. */
export function stripMarkers(text: string): string {
  return text.replace(MARKER, '');
}
