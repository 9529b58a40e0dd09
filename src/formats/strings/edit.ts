/**
 * `edit` for Apple .strings files (DESIGN §7): held entries are patched in place by render;
 * removed ones leave with their lines and the comment above (`/* … *\/` or `//`); new ones go in
 * where the source's order puts them, with the target's spacing around `=`, its blank line
 * between entries when it has one, its line endings and encoding (UTF-16 stays UTF-16).
 *
 * Decision: a new entry brings the source's comment along when the target's entries carry
 * comments (as Xcode's exports and genstrings-made files do): translators read it there.
 */

import { applyEdits, encodeText } from '../file-text.ts';
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
import { escapeStrings } from './escape.ts';
import { readStrings, type StringsFile } from './read.ts';

/** Where a line's comment starts when the line ends one (`*\/`, several lines up) or is a `//` line; else -1. */
function commentAbove(text: string): (ls: number) => number {
  return (ls) => {
    const line = text.slice(ls, lineEndAfter(text, ls)).trim();
    if (line.startsWith('//')) return ls;
    if (!line.endsWith('*/')) return -1;
    const open = text.lastIndexOf('/*', ls + text.slice(ls).indexOf('*/'));
    if (open < 0) return -1;
    const start = lineStartOf(text, open);
    return text.slice(start, open).trim() === '' ? start : -1;
  };
}

function lineEntries(file: StringsFile): LineEntry[] {
  const text = file.decoded.text;
  const above = commentAbove(text);
  return file.keys.map((id, k) => {
    const start = lineStartOf(text, file.keyStart[k]!);
    const last = file.valueStart[k]! < 0 ? file.keyEnd[k]! : file.valueEnd[k]!;
    const semicolon = text.indexOf(';', last);
    const end = lineEndAfter(text, semicolon < 0 ? last : semicolon);
    return { id, start, end, commentStart: attachedCommentStart(text, start, above) };
  });
}

/**
 * The edit of a .strings target; `load` reads a file as the format does (duplicate keys and bad
 * syntax are FormatErrors with line and column), `render` patches held entries.
 */
export function stringsEdit(
  load: (bytes: Uint8Array, options: RenderOptions) => StringsFile,
  render: FormatModule['render'],
) {
  return (target: Uint8Array, changes: TargetChanges, options: RenderOptions): Uint8Array => {
    const original = load(target, options);
    if (changes.set.size === 0 && changes.remove.size === 0) return target;
    const held = new Set(original.keys);
    const inPlace = new Map([...changes.set].filter(([id]) => held.has(id)));
    const file = inPlace.size > 0 ? load(render(target, inPlace, options), options) : original;
    const text = file.decoded.text;
    const entries = lineEntries(file);
    const source = readStrings(changes.source, { maxBytes: options.maxBytes });
    const sourceEntries = lineEntries(source);
    const withComments = entries.some((e) => e.commentStart < e.start);
    const k0 = file.keys.findIndex((_, k) => file.valueStart[k]! >= 0);
    const separator = k0 >= 0 ? text.slice(file.keyEnd[k0]!, file.valueStart[k0]!) : ' = ';
    const eol = /\r\n/.test(text) ? '\r\n' : '\n';
    const insert = new Map<string, string>();
    source.keys.forEach((id, k) => {
      const value = changes.set.get(id);
      if (value === undefined || held.has(id)) return;
      const src = source.decoded.text;
      const entry = sourceEntries[k]!;
      const comment = withComments ? src.slice(entry.commentStart, entry.start).replace(/\r?\n/g, eol) : '';
      const key = src.slice(source.keyStart[k]!, source.keyEnd[k]!);
      const text = typeof value === 'string' ? value : value.other;
      insert.set(id, `${comment}${key}${separator}"${escapeStrings(text)}";`);
    });
    const edits = lineEdits({
      text,
      entries,
      sourceOrder: source.keys,
      insert,
      remove: new Set([...changes.remove].filter((id) => !changes.set.has(id))),
      eol,
      blankSeparated: blankSeparated(text, entries),
    });
    if (edits.length === 0 && inPlace.size === 0) return target;
    return encodeText(applyEdits(text, edits), original.decoded.encoding, original.decoded.bom);
  };
}

/** renameKeys for .strings: the old entry's quoted key becomes the source's key for the new id. */
export function stringsRenameKeys(load: (bytes: Uint8Array, options: RenderOptions) => StringsFile) {
  return (
    target: Uint8Array,
    renames: ReadonlyMap<string, string>,
    source: Uint8Array,
    options: RenderOptions,
  ): RenamedKeys => {
    const file = load(target, options);
    const from = readStrings(source, { maxBytes: options.maxBytes });
    const at = new Map(file.keys.map((key, k) => [key, k]));
    const theirs = new Map(from.keys.map((key, k) => [key, k]));
    const { text, renamed } = renameKeyTokens(file.decoded.text, renames, {
      target: (id) => {
        const k = at.get(id);
        return k === undefined ? undefined : { start: file.keyStart[k]!, end: file.keyEnd[k]! };
      },
      source: (id) => {
        const k = theirs.get(id);
        return k === undefined ? undefined : from.decoded.text.slice(from.keyStart[k]!, from.keyEnd[k]!);
      },
    });
    if (renamed.size === 0) return { bytes: target, renamed };
    return { bytes: encodeText(text, file.decoded.encoding, file.decoded.bom), renamed };
  };
}
