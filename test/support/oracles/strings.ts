/**
 * Old-style `.strings` read by a second reader as the oracle (issue 34, build items 2 and 3). Apple's own
 * reader (CoreFoundation's old-style property list parser, which Foundation uses for strings
 * files) does not run here, and Debian's GNUstep tools parse with GNUstep's own NSString code and
 * print in their own description format that would need a reader of its own; so this reader is
 * written here, independently of src/formats/strings, from Apple's documented rules (Resource
 * Programming Guide, "String Resources" and "Old-Style ASCII Property Lists"; the escapes as
 * CoreFoundation's CFOldStylePList.c reads them):
 * - the file is UTF-16 when it starts with a byte order mark, UTF-8 otherwise;
 * - it is a dictionary without braces: `key = value;` pairs, each a quoted string (`"…"`) or an
 *   unquoted one of `A–Z a–z 0–9 _ $ + / : . -`; `"key";` alone means the value is the key;
 * - `/* … *\/` and `//` to the end of the line are comments, anywhere between tokens;
 * - in a quoted string `\a \b \f \n \r \t \v` are controls, `\U` (or `\u`) takes up to four hex
 *   digits as one UTF-16 code unit, `\` and up to three octal digits is that code, and a backslash
 *   before any other character stands for that character;
 * - a key given twice: the last value wins (a dictionary).
 * So: our units equal its entries with the same texts, and every file we write (a new German file,
 * people's German file edited) reads back with it as the texts we meant.
 */

const CONTROLS: Record<string, string> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };
const UNQUOTED = /[A-Za-z0-9_$+/:.-]/;

/** The entries Foundation reads from a strings file, in file order (a repeated key: last wins). */
export function appleStrings(bytes: Uint8Array): Map<string, string> {
  const text =
    bytes[0] === 0xff && bytes[1] === 0xfe
      ? new TextDecoder('utf-16le').decode(bytes.subarray(2))
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? new TextDecoder('utf-16be').decode(bytes.subarray(2))
        : new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  let i = 0;
  const fail = (what: string): never => {
    throw new Error(`${what} at ${i}`);
  };
  const skip = () => {
    for (;;) {
      while (i < text.length && /\s/.test(text[i]!)) i++;
      if (text.startsWith('//', i)) {
        while (i < text.length && text[i] !== '\n') i++;
      } else if (text.startsWith('/*', i)) {
        const end = text.indexOf('*/', i + 2);
        if (end < 0) fail('unterminated comment');
        i = end + 2;
      } else return;
    }
  };
  const token = (): string => {
    if (text[i] === '"') {
      i++;
      let out = '';
      while (text[i] !== '"') {
        if (i >= text.length) fail('unterminated string');
        const c = text[i++]!;
        if (c !== '\\') {
          out += c;
          continue;
        }
        const e = text[i++]!;
        if (e in CONTROLS) out += CONTROLS[e];
        else if (e === 'U' || e === 'u') {
          let hex = '';
          while (hex.length < 4 && /[0-9A-Fa-f]/.test(text[i] ?? '')) hex += text[i++];
          out += String.fromCharCode(Number.parseInt(hex || '0', 16));
        } else if (/[0-7]/.test(e)) {
          let oct = e;
          while (oct.length < 3 && /[0-7]/.test(text[i] ?? '')) oct += text[i++];
          out += String.fromCharCode(Number.parseInt(oct, 8));
        } else out += e;
      }
      i++;
      return out;
    }
    const start = i;
    while (i < text.length && UNQUOTED.test(text[i]!)) i++;
    if (i === start) fail('expected a string');
    return text.slice(start, i);
  };
  const entries = new Map<string, string>();
  for (skip(); i < text.length; skip()) {
    const key = token();
    skip();
    if (text[i] === ';') {
      i++;
      entries.set(key, key);
      continue;
    }
    if (text[i++] !== '=') fail('expected =');
    skip();
    const value = token();
    skip();
    if (text[i++] !== ';') fail('expected ;');
    entries.set(key, value);
  }
  return entries;
}
