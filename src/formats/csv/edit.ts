/**
 * `edit` for CSV string tables (DESIGN §7): held rows get their text column patched in place by
 * render; removed rows leave whole (a quoted field's line breaks included); a new row is the
 * source's row with the translation rendered into its text column by the format's render,
 * inserted where the source's order puts it, with the target's line endings.
 *
 * Limit: the new row is written with the source's delimiter and columns; a target whose columns
 * differ from its source's (another delimiter, other columns) gets rows it may not read alike.
 */

import { applyEdits, encodeText } from '../file-text.ts';
import { blankSeparated, type LineEntry, lineEdits, lineEndAfter } from '../kit/line-edit.ts';
import type { FormatModule, RenderOptions, TargetChanges } from '../model.ts';
import { type CsvFile, fieldCount, fieldValue, readCsv } from './read.ts';

/** The record of each unit id: units come in record order, each from the next record holding its key. */
function recordsOf(file: CsvFile, ids: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  let r = 0;
  for (const id of ids) {
    for (; r < file.recordEnd.length; r++) {
      const first = file.recordFirst[r]!;
      let found = false;
      for (let f = 0; f < fieldCount(file, r) && !found; f++) found = fieldValue(file, first + f) === id;
      if (found) break;
    }
    out.set(id, r++);
  }
  return out;
}

function recordLines(file: CsvFile, r: number, id: string): LineEntry {
  const start = file.fieldStart[file.recordFirst[r]!]!;
  return { id, start, end: lineEndAfter(file.decoded.text, file.recordEnd[r]!), commentStart: start };
}

/** The edit of a CSV target; `parse` and `render` are the format's. */
export function csvEdit(parse: FormatModule['parse'], render: FormatModule['render']) {
  return (target: Uint8Array, changes: TargetChanges, options: RenderOptions): Uint8Array => {
    const where = { fileName: options.fileName, maxBytes: options.maxBytes };
    const heldIds = parse(target, where).map((u) => u.id);
    if (changes.set.size === 0 && changes.remove.size === 0) return target;
    const held = new Set(heldIds);
    const inPlace = new Map([...changes.set].filter(([id]) => held.has(id)));
    const bytes = inPlace.size > 0 ? render(target, inPlace, options) : target;
    const file = readCsv(bytes, where);
    const text = file.decoded.text;
    // Records end as the first one does: a CRLF inside a quoted field is the text's, not the file's.
    const eol = file.recordEnd.length > 0 && text.startsWith('\r\n', file.recordEnd[0]!) ? '\r\n' : '\n';
    const mine = recordsOf(file, heldIds);
    const entries = heldIds.map((id) => recordLines(file, mine.get(id)!, id));
    const sourceIds = parse(changes.source, { maxBytes: options.maxBytes }).map((u) => u.id);
    const source = readCsv(changes.source, { maxBytes: options.maxBytes });
    const theirs = recordsOf(source, sourceIds);
    const firstUnit = sourceIds.length > 0 ? theirs.get(sourceIds[0]!)! : 0;
    // The source's header rows (before its first unit) make each one-row table a table render reads alike.
    const header = source.decoded.text.slice(0, source.fieldStart[source.recordFirst[firstUnit]!] ?? 0);
    const insert = new Map<string, string>();
    for (const id of sourceIds) {
      const value = changes.set.get(id);
      if (value === undefined || held.has(id)) continue;
      const row = recordLines(source, theirs.get(id)!, id);
      const mini = new TextEncoder().encode(header + source.decoded.text.slice(row.start, row.end));
      const rendered = readCsv(render(mini, new Map([[id, value]]), options), {});
      const last = rendered.recordEnd.length - 1;
      const written = rendered.decoded.text.slice(
        rendered.fieldStart[rendered.recordFirst[last]!]!,
        rendered.recordEnd[last]!,
      );
      // Line breaks inside its quoted fields are the text's own, kept as they are.
      insert.set(id, written);
    }
    const edits = lineEdits({
      text,
      entries,
      sourceOrder: sourceIds,
      insert,
      remove: new Set([...changes.remove].filter((id) => !changes.set.has(id))),
      eol,
      blankSeparated: blankSeparated(text, entries),
    });
    if (edits.length === 0 && inPlace.size === 0) return target;
    return encodeText(applyEdits(text, edits), file.decoded.encoding, file.decoded.bom);
  };
}
