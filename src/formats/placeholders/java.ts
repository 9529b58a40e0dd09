/**
 * Java resource bundle placeholders, read as the JDK reads them:
 * - java.text.MessageFormat arguments (`{0}`, `{1,number,#}`, `{0,choice,0#days|1#day|1<days}`),
 *   with its apostrophe quoting (`'{'` is a brace, `''` an apostrophe), following
 *   `MessageFormat.applyPattern` and `ChoiceFormat.applyPattern` step by step
 *   (https://docs.oracle.com/javase/8/docs/api/java/text/MessageFormat.html);
 * - java.util.Formatter conversions (`%s`, `%1$d`, `%,.2f`, `%tY`);
 * - numbered `%0`, `%1` that an application replaces itself (JabRef's `Localization.lang`), where
 *   no Formatter conversion stands.
 */
import type { Placeholder } from './types.ts';

export interface MessageFormatPattern {
  /** Top-level arguments, in order: `name` is the argument index as written. */
  arguments: Placeholder[];
  /** Why `MessageFormat.applyPattern` would throw IllegalArgumentException, if it would. */
  error?: string;
}

const TYPES = new Set(['', 'number', 'date', 'time', 'choice']);

/** The arguments of a MessageFormat pattern, and the error the JDK would throw on it. */
export function parseMessageFormat(text: string): MessageFormatPattern {
  const args: Placeholder[] = [];
  let part = 0; // 0 literal, 1 index, 2 type, 3 style
  let segments = ['', '', '', ''];
  let inQuote = false;
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (part === 0) {
      if (ch === "'") {
        if (text[i + 1] === "'") i++;
        else inQuote = !inQuote;
      } else if (ch === '{' && !inQuote) {
        part = 1;
        start = i;
        segments = ['', '', '', ''];
      }
      continue;
    }
    if (inQuote) {
      segments[part] += ch;
      if (ch === "'") inQuote = false;
      continue;
    }
    if (ch === ',' && part < 3) part++;
    else if (ch === '{') {
      depth++;
      segments[part] += ch;
    } else if (ch === '}' && depth > 0) {
      depth--;
      segments[part] += ch;
    } else if (ch === '}') {
      const error = argumentError(segments);
      if (error) return { arguments: args, error };
      args.push({
        kind: 'positional',
        name: segments[1]!,
        text: text.slice(start, i + 1),
        start,
        end: i + 1,
      });
      part = 0;
    } else if (ch === ' ') {
      // Leading spaces of the type are skipped; everywhere else they are kept.
      if (part !== 2 || segments[2] !== '') segments[part] += ch;
    } else {
      if (ch === "'") inQuote = true;
      segments[part] += ch;
    }
  }
  if (part !== 0) return { arguments: args, error: 'unmatched braces in the pattern' };
  return { arguments: args };
}

/** MessageFormat.makeFormat's checks: a non-negative index, a known type, a valid choice. */
function argumentError([, index, type, style]: string[]): string | undefined {
  // Integer.parseInt, not trimmed: `{ 0 }` throws.
  if (!/^[+-]?\d+$/.test(index!)) return `can't parse argument number: ${index}`;
  if (Number(index) < 0) return `negative argument number: ${index}`;
  const keyword = type!.trim().toLowerCase();
  if (!TYPES.has(keyword)) return `unknown format type: ${type}`;
  return keyword === 'choice' ? choiceError(style!) : undefined;
}

/** ChoiceFormat.applyPattern: `limit#text|limit<text|…`, limits ascending. */
function choiceError(pattern: string): string | undefined {
  let limit = '';
  let text = false; // after the limit's `#`, `<` or `≤`: the format's text
  let value = Number.NaN;
  let previous = Number.NaN;
  let inQuote = false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === "'") {
      if (pattern[i + 1] === "'") i++;
      else inQuote = !inQuote;
    } else if (inQuote) continue;
    else if (ch === '<' || ch === '#' || ch === '\u2264') {
      // Checked in a format's text too: `1#a#b` throws, as the JDK does.
      if (limit === '') return 'choice: each interval must contain a number before a format';
      const number = limit.trim();
      value = number === '\u221E' ? Infinity : number === '-\u221E' ? -Infinity : parseDouble(number);
      if (Number.isNaN(value)) return `choice: ${number} is not a number`;
      if (ch === '<' && Number.isFinite(value)) value = nextUp(value);
      if (value <= previous) return 'choice: incorrect order of intervals, must be in ascending order';
      limit = '';
      text = true;
    } else if (ch === '|') {
      previous = value;
      text = false;
    } else if (!text) limit += ch;
  }
  return undefined;
}

/** Double.parseDouble's decimal and infinite forms (NaN, which no choice limit should be, for the rest). */
function parseDouble(text: string): number {
  if (/^[+-]?Infinity$/.test(text)) return text.startsWith('-') ? -Infinity : Infinity;
  return /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?[dDfF]?$/.test(text)
    ? Number(text.replace(/[dDfF]$/, ''))
    : Number.NaN;
}

/** The next double above `x` (ChoiceFormat.nextDouble). */
function nextUp(x: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigInt64(0);
  view.setBigInt64(0, x >= 0 ? (x === 0 ? 1n : bits + 1n) : bits - 1n);
  return x === 0 ? Number.MIN_VALUE : view.getFloat64(0);
}

/**
 * java.util.Formatter conversions that take an argument (not `%n`, `%%`). No space flag: in
 * prose, `100% sure` would read as `% s`.
 */
const FORMATTER = /%(?:%|n|(\d+\$|<)?([-#+0,(]*)(\d*)(?:\.\d+)?(?:[tT][a-zA-Z]|[bBhHsScCdoxXeEfgGaA]))/g;
/** Numbered references an application replaces itself (`%0`, `%1`: JabRef). */
const NUMBERED = /%(\d+)(?![\d$])/g;

/** MessageFormat arguments, Formatter conversions and numbered `%0` references of `text`. */
export function findJava(text: string): Placeholder[] {
  const found: Placeholder[] = [...parseMessageFormat(text).arguments];
  const claimed = new Set<number>();
  found.push(...findFormatter(text, claimed));
  for (const m of text.matchAll(NUMBERED)) {
    if (claimed.has(m.index)) continue;
    found.push({ kind: 'positional', name: m[1]!, text: m[0], start: m.index, end: m.index + m[0].length });
  }
  return found;
}

/** java.util.Formatter conversions of `text` (Android's `getString(id, args…)`). */
export function findFormatter(text: string, claimed = new Set<number>()): Placeholder[] {
  const found: Placeholder[] = [];
  for (const m of text.matchAll(FORMATTER)) {
    // Formatter throws on `-` or `0` without a width, and on both (MissingFormatWidthException,
    // IllegalFormatFlagsException): `%0-Format` is JabRef's `%0`, then text.
    const flags = m[2] ?? '';
    if (/[-0]/.test(flags) && (m[3] === '' || (flags.includes('-') && flags.includes('0')))) continue;
    claimed.add(m.index);
    if (m[0] === '%%' || m[0] === '%n') continue;
    const position = m[1]?.endsWith('$') ? m[1].slice(0, -1) : undefined;
    const base = { text: m[0], start: m.index, end: m.index + m[0].length };
    found.push(position ? { ...base, kind: 'positional', name: position } : { ...base, kind: 'printf' });
  }
  return found;
}
