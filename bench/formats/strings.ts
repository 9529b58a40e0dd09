/**
 * Benchmark input for Apple `.strings`. No .strings library is installed; the baseline does what
 * the common npm packages (i18n-strings-files and the like) do: split into lines, match each
 * `"key" = "value";` with a regular expression, unescape, then compile every pair back out.
 */
import { stringsFormat } from '../../src/formats/strings/index.ts';
import { fillTo } from '../support/generate.ts';

function entry(n: number): string {
  return `/* Title of screen ${n} */
"screen${n}.title" = "Screen ${n}";

/* %1$@ is the user name, %2$d the number of items */
"screen${n}.summary" = "%1$@ has %2$d items in \\"Inbox ${n}\\"\\nTap to open.";

`;
}

const LINE = /^\s*"((?:[^"\\]|\\.)*)"\s*=\s*"((?:[^"\\]|\\.)*)"\s*;/;
const unescapeValue = (s: string) =>
  s.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
const escapeValue = (s: string) =>
  s
    .replace(/["\\]/g, (c) => `\\${c}`)
    .replace(/\n/g, '\\n')
    .replace(/\t/g, '\\t');

export const benchFormat = {
  name: 'strings',
  format: stringsFormat,
  /** A UTF-8 Localizable.strings of about `targetBytes` bytes. */
  generate(targetBytes: number): Uint8Array {
    return new TextEncoder().encode(fillTo(targetBytes, entry, { head: '/* Localizable.strings */\n\n' }));
  },
  /** The naive way: line-by-line regex parse into an object with comments, then compile it all back. */
  naive(bytes: Uint8Array): void {
    const lines = new TextDecoder().decode(bytes).split('\n');
    const data: Record<string, { text: string; comment: string | undefined }> = {};
    let comment: string | undefined;
    for (const line of lines) {
      const c = /^\s*\/\*(.*)\*\/\s*$/.exec(line);
      if (c) {
        comment = c[1]!.trim();
        continue;
      }
      const m = LINE.exec(line);
      if (m) {
        data[unescapeValue(m[1]!)] = { text: unescapeValue(m[2]!), comment };
        comment = undefined;
      }
    }
    const out: string[] = [];
    for (const [key, { text, comment }] of Object.entries(data)) {
      if (comment !== undefined) out.push(`/* ${comment} */`);
      out.push(`"${escapeValue(key)}" = "${escapeValue(text)}";`, '');
    }
    new TextEncoder().encode(out.join('\n'));
  },
};
