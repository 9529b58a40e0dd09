/**
 * A second reader for plain text files as src/formats/text-lines documents them (the platform's
 * `.txt`: one string per line), written here from that rule and not from its code:
 * - the file is UTF-16 with a UTF-16 byte order mark, else UTF-8 (a UTF-8 BOM is not text), else
 *   Latin-1;
 * - lines end at LF (a CR before it belongs to the line break, as in CRLF files);
 * - a line is a unit when it holds anything but whitespace (ECMAScript's WhiteSpace and
 *   LineTerminator, what `\s` matches: spaces, tabs, NBSP, the Unicode spaces, the BOM); its text
 *   is the line without the whitespace at either end;
 * - its id is `l<n>`, n counting the lines that are units, from 1.
 */
import { decodeFile } from './decode.ts';

/** The units of a text file, `l<n> → line`, by the documented rule. */
export function textOracleUnits(bytes: Uint8Array): Map<string, string> {
  const units = new Map<string, string>();
  for (const line of decodeFile(bytes).split('\n')) {
    const text = line.replace(/^\s+|\s+$/g, '');
    if (text !== '') units.set(`l${units.size + 1}`, text);
  }
  return units;
}
