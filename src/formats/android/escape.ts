/**
 * Android string resource escaping, as aapt2 reads it (frameworks/base/tools/aapt2/ResourceUtils.cpp,
 * StringBuilder::AppendText): `\n`, `\t`, `\uXXXX`, `\'`, `\"`, `\\`, `\@`, `\?`; an unescaped `"`
 * toggles a quoted run in which whitespace is kept; elsewhere runs of whitespace collapse to one
 * space and whitespace at the start and end of the value is dropped.
 */

/** What reading must act on: escapes, quotes, apostrophes, and whitespace that collapses (a lone inner space does not). */
const SPECIAL = /[\\"']|[\t\n\r ]{2,}|[\t\n\r]|^ | $/g;
/** Text that needs the full reading: escapes, quotes, apostrophes, line breaks, tabs or runs of spaces. */
const NEEDS_READING = /[\\"'\t\n\r]| {2}/;

/** Reads the text pieces of one value in order; markup between pieces passes through untouched. */
export class AndroidTextReader {
  private quoted = false;
  private pendingSpace = false;
  private out = '';
  private invalid: string | undefined;

  /** Adds a run of character data (already XML-decoded). */
  text(piece: string): void {
    if (!this.quoted && !NEEDS_READING.test(piece)) {
      // The common case: single spaces only. One at either end may still collapse or be trimmed.
      let start = 0;
      let end = piece.length;
      if (piece.charCodeAt(0) === 32) {
        if (this.out !== '') this.pendingSpace = true;
        start = 1;
      }
      const trailing = end > start && piece.charCodeAt(end - 1) === 32;
      if (trailing) end--;
      if (end > start) this.append(piece.slice(start, end));
      if (trailing) this.pendingSpace = true;
      return;
    }
    SPECIAL.lastIndex = 0;
    let at = 0;
    for (let m = SPECIAL.exec(piece); m; m = SPECIAL.exec(piece)) {
      const i = m.index;
      if (i > at) this.append(piece.slice(at, i));
      at = i + m[0].length;
      const c = m[0][0]!;
      if (c === '"') {
        this.quoted = !this.quoted;
        this.flushSpace();
      } else if (c === "'") {
        // aapt2 stops the build on this ("unescaped apostrophe in string", StringBuilder::AppendText),
        // so no app ships such a file: it is refused rather than read as something aapt2 never built.
        if (!this.quoted)
          this.invalid ??= "unescaped apostrophe (aapt2 refuses it: write \\' or quote the text)";
        this.append("'");
      } else if (c !== '\\') {
        // A run of whitespace: kept inside quotes, one space elsewhere (none at the start).
        if (this.quoted) this.append(m[0]);
        else if (this.out !== '') this.pendingSpace = true;
      } else {
        const next = piece[at];
        if (next === undefined) break;
        at++;
        if (next === 'n') this.append('\n');
        else if (next === 't') this.append('\t');
        else if (next === 'u') {
          const hex = piece.slice(at, at + 4);
          if (/^[0-9a-fA-F]{4}$/.test(hex)) this.append(String.fromCharCode(Number.parseInt(hex, 16)));
          else this.invalid ??= `invalid unicode escape \\u${hex}`;
          at += 4;
        } else this.append(next);
      }
      SPECIAL.lastIndex = at;
    }
    if (at < piece.length) this.append(piece.slice(at));
  }

  private append(text: string): void {
    this.flushSpace();
    this.out += text;
  }

  /** Adds markup (a tag or comment) as written. */
  markup(raw: string): void {
    this.flushSpace();
    this.out += raw;
  }

  /** The value; trailing unquoted whitespace is dropped. */
  result(): { value: string; error: string | undefined } {
    return { value: this.out, error: this.invalid };
  }

  private flushSpace(): void {
    if (this.pendingSpace) this.out += ' ';
    this.pendingSpace = false;
  }
}

export interface EscapeOptions {
  /** Inside a `"…"` value: whitespace is kept, no reference can start it. */
  quoted: boolean;
  /** Inside a CDATA section: no XML escaping, `]]>` split across sections. */
  cdata: boolean;
  /** In quoted values, write apostrophes raw (the file does) instead of `\'`. */
  rawApostrophe: boolean;
  /** Write `>` as `&gt;` (the file does). */
  gt: boolean;
}

/**
 * Escapes a run of text of a value. `atStart` marks the value's first characters, where a leading
 * `@` or `?` would make aapt read a resource reference.
 */
export function escapeAndroid(text: string, atStart: boolean, options: EscapeOptions): string {
  const xml = !options.cdata;
  let out = NEEDS_ESCAPE.test(text)
    ? text.replace(ESCAPED, (c) => {
        if (c === "'") return options.quoted && options.rawApostrophe ? "'" : "\\'";
        if (c === '&' || c === '<' || c === '>')
          return xml && (c !== '>' || options.gt) ? XML_ESCAPES[c]! : c;
        return ANDROID_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
      })
    : text;
  if (atStart && !options.quoted && (out[0] === '@' || out[0] === '?')) out = `\\${out}`;
  if (!out.includes(']]>')) return out;
  return xml ? out.replace(/]]>/g, ']]&gt;') : out.replace(/]]>/g, ']]]]><![CDATA[>');
}

const NEEDS_ESCAPE = /[\\"'&<>\x00-\x1F\uFFFE\uFFFF]/;
const ESCAPED = /[\\"'&<>\x00-\x1F\uFFFE\uFFFF]/g;
const ANDROID_ESCAPES: Record<string, string> = { '\\': '\\\\', '"': '\\"', '\n': '\\n', '\t': '\\t' };
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

const COLLAPSING_SPACES = /^ | $| {2}/;

/** Whether plain (unquoted) text would lose spaces: at either end, or two in a row. */
export function spacesCollapse(text: string): boolean {
  return COLLAPSING_SPACES.test(text);
}
