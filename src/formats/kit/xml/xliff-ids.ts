import { isXmlChar } from './entities.ts';

/**
 * Unit ids in XLIFF attributes. Ids may hold characters XML 1.0 cannot carry at all, not even as
 * references — gettext's `msgctxt\u0004msgid` is the common case. Such ids are written as
 * `~esc:` followed by the id with `\` doubled and each illegal character as `\uXXXX`; every other
 * id is written as it is, so the XLIFF stays readable.
 */
const MARK = '~esc:';

export function encodeXliffId(id: string): string {
  if (!id.startsWith(MARK) && firstIllegal(id) < 0) return id;
  let out = MARK;
  for (let i = 0; i < id.length; i++) {
    const code = id.codePointAt(i)!;
    const char = String.fromCodePoint(code);
    if (code > 0xffff) i++;
    if (char === '\\') out += '\\\\';
    else if (isXmlChar(code)) out += char;
    else out += `\\u${code.toString(16).padStart(4, '0')}`;
  }
  return out;
}

export function decodeXliffId(written: string): string {
  if (!written.startsWith(MARK)) return written;
  return written
    .slice(MARK.length)
    .replace(/\\(\\|u[0-9a-f]{4})/g, (_, seq: string) =>
      seq === '\\' ? '\\' : String.fromCharCode(Number.parseInt(seq.slice(1), 16)),
    );
}

/** Index of the first character XML 1.0 does not allow, or -1. */
export function firstIllegal(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const code = text.codePointAt(i)!;
    if (!isXmlChar(code)) return i;
    if (code > 0xffff) i++;
  }
  return -1;
}
