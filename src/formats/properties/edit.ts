/**
 * `edit` for .properties files (DESIGN §7): held entries are patched in place by render; removed
 * ones leave with their lines (continuations included) and the comment lines directly above; new
 * ones go in as one line where the source's order puts them, with the target's separator,
 * escaping (`\uXXXX` in ASCII and ISO-8859-1 files) and line endings.
 *
 * Decision: a new entry does not bring the source's comment along. Java bundles keep their notes
 * in the default bundle, and a translated bundle's comments are its translators'.
 */

import { applyEdits, type DecodedText, decodeText, encodeText } from '../file-text.ts';
import {
  attachedCommentStart,
  blankSeparated,
  type LineEntry,
  lineEdits,
  lineEndAfter,
  lineStartOf,
} from '../kit/line-edit.ts';
import { renameKeyTokens } from '../kit/rename-keys.ts';
import type { FormatModule, RenamedKeys, RenderOptions, TargetChanges } from '../model.ts';
import { detectPropertiesStyle, escapePropertiesValue, type PropertiesStyle } from './escape.ts';
import { scanProperties } from './scanner.ts';

/** The text of bytes written in the encoding the target was read in. */
function decodeLike(bytes: Uint8Array, like: DecodedText): DecodedText {
  if (like.encoding === 'latin1')
    return { text: Buffer.from(bytes).toString('latin1'), encoding: 'latin1', bom: false };
  return decodeText(bytes, { fallback: 'latin1' });
}

function scan(decoded: DecodedText) {
  return scanProperties(decoded.text, (message) => new Error(message) as never);
}

/** A key as .properties writes it: separators, blanks and comment markers escaped. */
function escapeKey(key: string, style: PropertiesStyle): string {
  let out = '';
  for (const ch of key) out += /[ =:#!\t\f]/.test(ch) ? `\\${ch}` : escapePropertiesValue(ch, style);
  return out;
}

/**
 * The edit of a .properties target. `parse` checks the target first (a FormatError with line and
 * column, duplicate keys included), `render` patches held entries.
 */
export function propertiesEdit(parse: FormatModule['parse'], render: FormatModule['render']) {
  return (target: Uint8Array, changes: TargetChanges, options: RenderOptions): Uint8Array => {
    const held = new Set(
      parse(target, { fileName: options.fileName, maxBytes: options.maxBytes }).map((u) => u.id),
    );
    if (changes.set.size === 0 && changes.remove.size === 0) return target;
    const inPlace = new Map([...changes.set].filter(([id]) => held.has(id)));
    const first = decodeText(target, { fallback: 'latin1' });
    const decoded = inPlace.size > 0 ? decodeLike(render(target, inPlace, options), first) : first;
    const text = decoded.text;
    const file = scan(decoded);
    const isComment = (ls: number) => (/^[ \t\f]*[#!]/.test(text.slice(ls, ls + 64)) ? ls : -1);
    const entries: LineEntry[] = file.entries.map((e) => {
      const start = lineStartOf(text, e.keyStart);
      return {
        id: e.key,
        start,
        end: lineEndAfter(text, e.valueEnd),
        commentStart: attachedCommentStart(text, start, isComment),
      };
    });
    const source = decodeText(changes.source, { fallback: 'latin1' });
    const sourceFile = scan(source);
    const style = detectPropertiesStyle(decoded);
    const separator = file.separator || sourceFile.separator || ' = ';
    const insert = new Map<string, string>();
    for (const [id, value] of changes.set) {
      if (held.has(id)) continue;
      const written = escapePropertiesValue(typeof value === 'string' ? value : value.other, style);
      insert.set(id, `${escapeKey(id, style)}${written === '' ? separator.trimEnd() : separator}${written}`);
    }
    const eol = /\r\n/.test(text) ? '\r\n' : '\n';
    const edits = lineEdits({
      text,
      entries,
      sourceOrder: sourceFile.entries.map((e) => e.key),
      insert,
      remove: new Set([...changes.remove].filter((id) => !changes.set.has(id))),
      eol,
      blankSeparated: blankSeparated(text, entries),
    });
    if (edits.length === 0 && inPlace.size === 0) return target;
    return encodeText(applyEdits(text, edits), first.encoding, first.bom);
  };
}

/**
 * renameKeys for .properties: the old entry's key becomes the new id, escaped as the target
 * escapes (its separator, value and continuation lines untouched).
 */
export function propertiesRenameKeys(
  target: Uint8Array,
  renames: ReadonlyMap<string, string>,
  _source: Uint8Array,
  _options: RenderOptions,
): RenamedKeys {
  const decoded = decodeText(target, { fallback: 'latin1' });
  const file = scan(decoded);
  const at = new Map(file.entries.map((e) => [e.key, { start: e.keyStart, end: e.keyEnd }]));
  const style = detectPropertiesStyle(decoded);
  const { text, renamed } = renameKeyTokens(decoded.text, renames, {
    target: (id) => at.get(id),
    source: (id) => escapeKey(id, style),
  });
  if (renamed.size === 0) return { bytes: target, renamed };
  return { bytes: encodeText(text, decoded.encoding, decoded.bom), renamed };
}
