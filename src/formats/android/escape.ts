/**
 * Android string resource escaping, as aapt2 reads it (frameworks/base/tools/aapt2/ResourceUtils.cpp,
 * StringBuilder::AppendText): `\n`, `\t`, `\uXXXX`, `\'`, `\"`, `\\`, `\@`, `\?`; an unescaped `"`
 * toggles a quoted run in which whitespace is kept; elsewhere runs of whitespace collapse to one
 * space and whitespace at the start and end of the value is dropped.
 */

/** Reads the text pieces of one value in order; markup between pieces passes through untouched. */
export class AndroidTextReader {
  private quoted = false;
  private pendingSpace = false;
  private out = '';
  private invalid: string | undefined;

  /** Adds a run of character data (already XML-decoded). */
  text(piece: string): void {
    for (let i = 0; i < piece.length; i++) {
      const c = piece[i]!;
      if (!this.quoted && (c === ' ' || c === '\n' || c === '\t' || c === '\r')) {
        if (this.out !== '') this.pendingSpace = true;
        continue;
      }
      this.flushSpace();
      if (c === '\\') {
        const next = piece[++i];
        if (next === undefined) break;
        if (next === 'n') this.out += '\n';
        else if (next === 't') this.out += '\t';
        else if (next === 'u') {
          const hex = piece.slice(i + 1, i + 5);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.invalid ??= `invalid unicode escape \\u${hex}`;
          else this.out += String.fromCharCode(Number.parseInt(hex, 16));
          i += 4;
        } else this.out += next;
      } else if (c === '"') {
        this.quoted = !this.quoted;
      } else {
        this.out += c;
      }
    }
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
  let out = '';
  for (const c of text) {
    const code = c.charCodeAt(0);
    if (c === '\\') out += '\\\\';
    else if (c === '"') out += '\\"';
    else if (c === "'") out += options.quoted && options.rawApostrophe ? "'" : "\\'";
    else if (c === '\n') out += '\\n';
    else if (c === '\t') out += '\\t';
    else if (code < 0x20 || code === 0xfffe || code === 0xffff)
      out += `\\u${code.toString(16).padStart(4, '0')}`;
    else if (xml && c === '&') out += '&amp;';
    else if (xml && c === '<') out += '&lt;';
    else if (xml && c === '>' && options.gt) out += '&gt;';
    else out += c;
  }
  if (atStart && !options.quoted && (out[0] === '@' || out[0] === '?')) out = `\\${out}`;
  return xml ? out.replace(/]]>/g, ']]&gt;') : out.replace(/]]>/g, ']]]]><![CDATA[>');
}

/** Whether plain (unquoted) text would lose spaces: at either end, or two in a row. */
export function spacesCollapse(text: string): boolean {
  return /^ | $| {2}/.test(text);
}
