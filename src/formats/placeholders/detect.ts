/**
 * Finds placeholders of every supported syntax in one text.
 */
import { findGettextStyles } from './gettext-styles.ts';
import { findIcu } from './icu.ts';
import { findFormatter, findJava } from './java.ts';
import { ALL_SYNTAXES, type Placeholder, type PlaceholderOptions } from './types.ts';

/**
 * printf conversions: `%%` (matched so it is skipped, never a placeholder), Apple's variable
 * references of a `.stringsdict` format key (`%#@files@`, `%1$#@files@`: the name is the key of a
 * variable dict, so translating it makes Foundation find no rule), `%1$s` positional,
 * `%-5.2lf` / `%@` unnumbered, Python's `%r` and `%(name)s` (python-format: every conversion
 * Python's `%` operator takes, `r` and `a` included), and Ruby's named references as Rails i18n and
 * `Kernel#format` write them (`%{name}`, `%<name>s`; a name in any script, so that `%{количество}`,
 * which Ruby's ASCII `\w` leaves as text on screen, is seen as a renamed placeholder). The space
 * flag is left out on purpose: in prose, `100% sure` would otherwise read as `% s`.
 */
const PRINTF =
  /%(?:%|(\d+\$)?#@([^\s@%]+)@|(?:(\d+)\$)?[-+#0']*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|L|q|j|z|t)?[diouxXeEfFgGaAcspnr@]|\(([A-Za-z_]\w*)\)[-+#0]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]|\{([\p{L}_][\p{L}\p{N}_]*)\}|<([\p{L}_][\p{L}\p{N}_]*)>[-+#0]*\d*(?:\.\d+)?[bBdiouxXeEfgGaAcps])/gu;
/**
 * Symfony's translator parameters (`%count%`, `%action%`: strtr over the message with the keys
 * as given), which printf scanning alone would read as `%c` or `%a` followed by text. A name of
 * two characters or more that is not itself a conversion (`%ld%` is `%ld` then a percent sign).
 */
const SYMFONY = /%([A-Za-z_][\w.-]*[A-Za-z0-9_])%/g;
const CONVERSION_ONLY = /^[-+#0']*\d*(?:\.\d+)?(?:hh|h|ll|l|L|q|j|z|t)?[diouxXeEfFgGaAcspnr@]$/;

/**
 * Python's `str.format` fields (python-brace-format) that ICU cannot read: automatic `{}`, and a
 * field with an attribute or index (`{user.name}`, `{0[key]}`), a conversion (`{name!r}`) or a
 * format spec (`{0:.2f}`, `{count:>{width}}`). Plain `{name}` and `{0}` are ICU arguments already.
 */
const PYTHON_BRACE =
  /\{(?:[A-Za-z_]\w*|\d+)?(?:(?:\.[A-Za-z_]\w*|\[[^\]{}]*\])*)(?:![rsa])?(?::(?:[^{}]|\{(?:[A-Za-z_]\w*|\d+)?\})*)?\}/g;
/** i18next interpolation, unescaped interpolation `{{- x}}` and formats `{{x, number}}`. */
const I18NEXT = /\{\{\s*(?:-\s*)?([^{}]*?)\s*\}\}/g;
/** i18next nesting `$t(key)` with optional options object `$t(key, {"count": 2})`. */
const NESTING = /\$t\(\s*([^,()]+?)\s*(?:,\s*\{[^()]*\}\s*)?\)/g;
/** An HTML/XML start, end or empty-element tag with optional attributes. */
const TAG =
  /<(\/?)([A-Za-z][\w:.-]*)(?:\s+[A-Za-z_:][\w:.-]*(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'<>=`]+))?)*\s*(\/?)>/g;

/**
 * Every placeholder in `text`, in order and without overlaps. Where two syntaxes claim
 * overlapping text the outermost wins (a tag `<a href="{url}">` is one placeholder).
 */
export function findPlaceholders(text: string, options: PlaceholderOptions = {}): Placeholder[] {
  const syntaxes = new Set(options.syntaxes ?? ALL_SYNTAXES);
  const found: Placeholder[] = [];
  let masked = text;
  if (syntaxes.has('i18next')) {
    const i18next = matchAll(text, I18NEXT, (m) => ({ kind: 'i18next', name: m[1]!.split(',')[0]!.trim() }));
    const nesting = matchAll(text, NESTING, (m) => ({ kind: 'i18next-nesting', name: m[1]! }));
    found.push(...i18next, ...nesting);
    masked = mask(text, [...i18next, ...nesting]);
  }
  if (syntaxes.has('icu')) found.push(...findIcu(text, masked, options.icuQuoting ?? true));
  if (syntaxes.has('java')) found.push(...findJava(text));
  else if (syntaxes.has('formatter')) found.push(...findFormatter(text));
  if (syntaxes.has('tags')) {
    found.push(...matchAll(text, TAG, (m) => ({ kind: 'tag', name: m[2]! })));
  }
  if (syntaxes.has('ruby') && !syntaxes.has('printf')) {
    for (const m of text.matchAll(PRINTF)) {
      const name = m[5] ?? m[6];
      if (name !== undefined)
        found.push({ kind: 'printf', name, text: m[0], start: m.index, end: m.index + m[0].length });
    }
  }
  if (syntaxes.has('printf')) {
    for (const m of text.matchAll(PRINTF)) {
      if (m[0] === '%%') continue;
      const start = m.index;
      const end = start + m[0].length;
      const base = { text: m[0], start, end };
      if (m[2] !== undefined && m[1] !== undefined)
        found.push({ ...base, kind: 'positional', name: m[1].slice(0, -1) });
      else if (m[2] !== undefined) found.push({ ...base, kind: 'printf', name: m[2] });
      else if (m[3] !== undefined) found.push({ ...base, kind: 'positional', name: m[3] });
      else if (m[4] !== undefined) found.push({ ...base, kind: 'printf', name: m[4] });
      else if (m[5] !== undefined) found.push({ ...base, kind: 'printf', name: m[5] });
      else if (m[6] !== undefined) found.push({ ...base, kind: 'printf', name: m[6] });
      else found.push({ ...base, kind: 'printf' });
    }
    // A `%%` is printf's escaped percent sign: a Symfony name never takes one of its two signs
    // (`%%Aa%s` is `%%`, `Aa`, `%s`, not `%Aa%`).
    const escaped = findEscapedPercents(text);
    for (const m of text.matchAll(SYMFONY)) {
      if (CONVERSION_ONLY.test(m[1]!)) continue;
      const end = m.index + m[0].length;
      if (escaped.some((e) => e.start < end && m.index < e.end)) continue;
      found.push({ kind: 'printf', name: m[1]!, text: m[0], start: m.index, end: m.index + m[0].length });
    }
    for (const m of text.matchAll(PYTHON_BRACE)) {
      if (/^\{(?:[A-Za-z_]\w*|\d+)\}$/.test(m[0])) continue; // `{name}`, `{0}`: ICU's, if asked for
      const name = /^\{([A-Za-z_]\w*|\d+)/.exec(m[0])?.[1];
      const start = m.index;
      found.push({ kind: 'printf', text: m[0], start, end: start + m[0].length, ...(name ? { name } : {}) });
    }
  }
  found.push(...findGettextStyles(text, syntaxes));
  return outermost(found);
}

/**
 * The escaped percent signs `%%` of printf text, as printf scanning reads them (so `%%d` is `%%`
 * then `d`). Not placeholders — QA never asks for them — but machine translation must not touch
 * them either: a `%%` an engine turns into `%` or `% %` is a broken directive to msgfmt.
 */
export function findEscapedPercents(text: string): Placeholder[] {
  const out: Placeholder[] = [];
  if (!text.includes('%%')) return out;
  for (const m of text.matchAll(PRINTF)) {
    if (m[0] === '%%') out.push({ kind: 'printf', text: '%%', start: m.index, end: m.index + 2 });
  }
  return out;
}

/** Keeps non-overlapping placeholders, preferring the one that starts first and then the longest. */
export function outermost(found: Placeholder[]): Placeholder[] {
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Placeholder[] = [];
  let at = 0;
  for (const p of found) {
    if (p.start < at || p.end === p.start) continue;
    out.push(p);
    at = p.end;
  }
  return out;
}

function matchAll(
  text: string,
  pattern: RegExp,
  describe: (m: RegExpExecArray) => Pick<Placeholder, 'kind' | 'name'>,
): Placeholder[] {
  const out: Placeholder[] = [];
  for (const m of text.matchAll(pattern)) {
    const start = m.index;
    out.push({ ...describe(m), text: m[0], start, end: start + m[0].length });
  }
  return out;
}

/** Blanks out claimed regions with a character that means nothing to ICU, keeping offsets. */
function mask(text: string, claimed: Placeholder[]): string {
  if (claimed.length === 0) return text;
  claimed.sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const p of claimed) {
    if (p.start < at) continue;
    out += text.slice(at, p.start) + '_'.repeat(p.end - p.start);
    at = p.end;
  }
  return out + text.slice(at);
}
