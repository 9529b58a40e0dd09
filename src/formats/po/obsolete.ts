/**
 * Obsolete `#~` entries: what msgmerge keeps of an entry the template dropped, translation and
 * all. They are no units (msgfmt and msgcat's statistics skip them), but an active entry with the
 * same msgctxt and msgid is a "duplicate message definition" to msgfmt — so when the template
 * brings such an entry back, the catalog revives the obsolete one, as msgmerge does.
 */
import type { LineRange, PoEntry, PoFile } from './read.ts';
import { readPo } from './read.ts';
import { entryId } from './units.ts';

export interface ObsoleteEntry {
  id: string;
  /** The entry as read without its `#~` markers (its msgstr are people's translation). */
  entry: PoEntry;
  /** The lines of the block it stands in. */
  range: LineRange;
  /** The block holds this entry only (msgmerge writes one a block): reviving it removes the block. */
  alone: boolean;
}

/** The obsolete entries of a read file, by id (the first of a repeated id wins). */
export function obsoleteEntries(file: PoFile): Map<string, ObsoleteEntry> {
  const out = new Map<string, ObsoleteEntry>();
  const text = file.decoded.text;
  for (const range of file.obsolete) {
    const lines = text
      .slice(range.start, range.end)
      .split('\n')
      // `#~|` are the previous strings of a fuzzy obsolete entry; `#~ ` marks the fields.
      .filter((line) => !/^\s*#~\|/.test(line))
      .map((line) => line.replace(/^(\s*)#~ ?/, '$1'));
    let read: PoFile;
    try {
      read = readPo(new TextEncoder().encode(lines.join('\n')), {});
    } catch {
      continue; // an obsolete block gettext itself would not read back is left as it is
    }
    const all = read.header ? [read.header, ...read.entries] : read.entries;
    for (const entry of all) {
      const id = entryId(entry);
      if (!out.has(id)) out.set(id, { id, entry, range, alone: all.length === 1 });
    }
  }
  return out;
}
