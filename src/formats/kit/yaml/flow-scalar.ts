/**
 * Writes a string as a YAML flow scalar in the style the file already uses: plain stays plain
 * when the text reads back as the same string, otherwise the smallest change (single quotes);
 * double-quoted text stays double-quoted with YAML's escapes.
 */

// Words and numbers a YAML 1.1 or 1.2 reader would not read as a string. Rails reads locale files
// with Psych (YAML 1.1), where `yes`, `off`, `y` and sexagesimal numbers are not strings either.
const NON_STRING =
  /^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE|yes|Yes|YES|no|No|NO|on|On|ON|off|Off|OFF|y|Y|n|N|=|<<|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
const NUMBER_LIKE =
  /^[-+]?(?:[0-9][0-9_:.,]*(?:[eE][-+]?[0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+]?[0-9]+)?|0[xob][0-9a-fA-F_]+)$/;
const DATE_LIKE = /^\d{4}-\d\d?-\d\d?(?:$|[Tt\s])/;
// Characters YAML cannot hold unescaped (C0/C1 controls except tab, line separators, BOM).
const NEEDS_ESCAPE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029\ufeff\ud800-\udfff]/;

/** True when `value` written without quotes reads back as exactly this string. */
export function isPlainSafe(value: string, flow: boolean): boolean {
  if (value === '' || value !== value.trim()) return false;
  if (NEEDS_ESCAPE.test(value) || value.includes('\t')) return false;
  if (/^[-?:,[\]{}#&*!|>'"%@`]/.test(value)) return false;
  if (value.includes(': ') || value.includes(' #') || value.endsWith(':')) return false;
  if (flow && /[,[\]{}]/.test(value)) return false;
  if (flow && value.includes(':')) return false;
  return !NON_STRING.test(value) && !NUMBER_LIKE.test(value) && !DATE_LIKE.test(value);
}

/** Single-quoted form (`''` for a quote); undefined when the text needs escapes only double quotes have. */
export function singleQuoted(value: string): string | undefined {
  if (NEEDS_ESCAPE.test(value) || value.includes('\t')) return undefined;
  return `'${value.replace(/'/g, "''")}'`;
}

const SHORT_ESCAPES: Record<string, string> = {
  '\0': '\\0',
  '\u0007': '\\a',
  '\b': '\\b',
  '\t': '\\t',
  '\n': '\\n',
  '\u000b': '\\v',
  '\f': '\\f',
  '\r': '\\r',
  '\u001b': '\\e',
  '"': '\\"',
  '\\': '\\\\',
  '\u0085': '\\N',
  '\u2028': '\\L',
  '\u2029': '\\P',
};

/**
 * Double-quoted form. With `asciiOnly` (the original escaped its non-ASCII text as `\uXXXX`),
 * non-ASCII characters are escaped the same way.
 */
export function doubleQuoted(value: string, asciiOnly = false): string {
  let out = '"';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    const short = SHORT_ESCAPES[char];
    if (short) out += short;
    else if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) out += `\\x${hex(code, 2)}`;
    else if (code === 0xfeff || (code >= 0xd800 && code <= 0xdfff)) out += `\\u${hex(code, 4)}`;
    else if (asciiOnly && code > 0x7e) out += code > 0xffff ? `\\U${hex(code, 8)}` : `\\u${hex(code, 4)}`;
    else out += char;
  }
  return `${out}"`;
}

function hex(code: number, width: number): string {
  return code.toString(16).toUpperCase().padStart(width, '0');
}

export type FlowStyle = 'PLAIN' | 'QUOTE_SINGLE' | 'QUOTE_DOUBLE';

/** Writes `value` keeping `style` where YAML allows it, else the nearest quoting that does. */
export function writeFlowScalar(value: string, style: FlowStyle, flow: boolean, asciiOnly = false): string {
  if (style === 'PLAIN' && isPlainSafe(value, flow)) return value;
  if (style !== 'QUOTE_DOUBLE' && !value.includes('\n')) {
    const single = singleQuoted(value);
    if (single !== undefined) return single;
  }
  return doubleQuoted(value, asciiOnly);
}
