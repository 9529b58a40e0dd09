/** Escapes of Apple `.strings` quoted strings (the old-style property list grammar). */

const SIMPLE: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  a: '\u0007',
  b: '\b',
  f: '\f',
  v: '\v',
  '"': '"',
  "'": "'",
  '\\': '\\',
};

/**
 * Unescapes the text between quotes: `\" \\ \n \t \r`, `\U1234`/`\u1234` (four hex digits, as
 * CoreFoundation reads them) and octal `\012`. Returns the offset of a bad escape as `-offset - 1`.
 */
export function unescapeStrings(raw: string): string | number {
  if (!raw.includes('\\')) return raw;
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const next = raw[i + 1];
    if (next === undefined) return -i - 1;
    const simple = SIMPLE[next];
    if (simple !== undefined) {
      out += simple;
      i++;
    } else if (next === 'U' || next === 'u') {
      const hex = raw.slice(i + 2, i + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) return -i - 1;
      out += String.fromCharCode(Number.parseInt(hex, 16));
      i += 5;
    } else if (next >= '0' && next <= '7') {
      const octal = /^[0-7]{1,3}/.exec(raw.slice(i + 1))![0];
      out += String.fromCharCode(Number.parseInt(octal, 8));
      i += octal.length;
    } else {
      // CoreFoundation keeps an unknown escape's character (`\'`, `\?`): the backslash is dropped.
      out += next;
      i++;
    }
  }
  return out;
}

const ESCAPES: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\t': '\\t', '\r': '\\r' };

/** Escapes text for a quoted `.strings` value; other controls become `\UXXXX`. */
export function escapeStrings(text: string): string {
  return text.replace(
    /["\\\u0000-\u001f\u007f]/g,
    (c) => ESCAPES[c] ?? `\\U${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
  );
}

/** Characters allowed in an unquoted plist string (NeXTSTEP/OpenStep grammar). */
export const UNQUOTED = /^[A-Za-z0-9_$+/:.-]+$/;
