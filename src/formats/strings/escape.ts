/** Escapes of Apple `.strings` quoted strings (the old-style property list grammar). */

import { unescapeC } from '../c-escapes.ts';

/**
 * Unescapes the text between quotes: `\" \\ \n \t \r`, `\U1234`/`\u1234` (four hex digits, as
 * CoreFoundation reads them) and octal `\012`; CoreFoundation keeps an unknown escape's character
 * (`\'`, `\?`) and drops the backslash. Returns the offset of a bad escape as `-offset - 1`.
 */
export function unescapeStrings(raw: string): string | number {
  return unescapeC(raw, { hex: 'u', unknown: 'keep' });
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
