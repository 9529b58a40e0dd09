/**
 * `edit` for gettext PO targets (DESIGN §7): held entries get their msgstr patched in place by
 * render; a new entry is the POT's entry (its `#.`, `#:`, `#,` lines, msgctxt, msgid,
 * msgid_plural) with msgstr written by the format's render under the target's header (so its
 * Plural-Forms decides the msgstr[n]), inserted where the POT's order puts it, one blank line
 * apart as gettext writes; a removed entry leaves with its comment lines.
 *
 * Decision: removed entries are deleted, not turned into obsolete `#~` entries as msgmerge does.
 * The platform's memory keeps the old translation, and obsolete entries would sit in every review
 * diff; obsolete entries the target already has are left as they are.
 */

import { type LineEntry, lineEdits, lineEndAfter } from '../edit/lines.ts';
import { applyEdits, encodeText } from '../file-text.ts';
import type { RenderOptions, TargetChanges, Translations } from '../model.ts';
import { type PoEntry, type PoFile, readPo } from './read.ts';
import { entryId } from './units.ts';

type Render = (original: Uint8Array, translations: Translations, options: RenderOptions) => Uint8Array;

const HEADER = '\u0000header';

function entryEnd(text: string, entry: PoEntry): number {
  const last = entry.msgstr.at(-1) ?? entry.msgidPlural ?? entry.msgid;
  return lineEndAfter(text, last.end);
}

/** The entries of a file as lines, the header first (so that new entries can follow it). */
function lineEntries(file: PoFile): LineEntry[] {
  const text = file.decoded.text;
  const all = file.header ? [{ id: HEADER, entry: file.header }] : [];
  for (const entry of file.entries) all.push({ id: entryId(entry), entry });
  return all.map(({ id, entry }) => ({
    id,
    start: entry.start,
    end: entryEnd(text, entry),
    commentStart: entry.start,
  }));
}

/** Applies `changes` to a PO target (see the file's comment). Nothing to do returns `target`. */
export function poEdit(render: Render) {
  return (target: Uint8Array, changes: TargetChanges, options: RenderOptions): Uint8Array => {
    const where = { fileName: options.fileName, maxBytes: options.maxBytes };
    const original = readPo(target, where);
    if (changes.set.size === 0 && changes.remove.size === 0) return target;
    const held = new Set(original.entries.map(entryId));
    const inPlace = new Map([...changes.set].filter(([id]) => held.has(id)));
    const file = inPlace.size > 0 ? readPo(render(target, inPlace, options), where) : original;
    const text = file.decoded.text;
    const eol = /\r\n/.test(text) ? '\r\n' : '\n';
    const source = readPo(changes.source, { maxBytes: options.maxBytes });
    const header = file.header ? text.slice(file.header.start, entryEnd(text, file.header)) : '';
    const insert = new Map<string, string>();
    for (const entry of source.entries) {
      const id = entryId(entry);
      const value = changes.set.get(id);
      if (value === undefined || held.has(id)) continue;
      const raw = source.decoded.text.slice(entry.start, entryEnd(source.decoded.text, entry));
      // The entry rendered alone under the target's header: msgstr as render writes it for this file.
      const mini = new TextEncoder().encode(`${header}\n${raw.replace(/\r\n/g, '\n')}`);
      const rendered = readPo(render(mini, new Map([[id, value]]), options), {});
      const written = rendered.entries[0]!;
      const block = rendered.decoded.text.slice(written.start, entryEnd(rendered.decoded.text, written));
      insert.set(id, block.replace(/\r?\n$/, '').replace(/\r?\n/g, eol));
    }
    const edits = lineEdits({
      text,
      entries: lineEntries(file),
      sourceOrder: [HEADER, ...source.entries.map(entryId)],
      insert,
      remove: new Set([...changes.remove].filter((id) => !changes.set.has(id))),
      eol,
      // gettext writes one blank line between entries.
      blankSeparated: true,
    });
    if (edits.length === 0 && inPlace.size === 0) return target;
    return encodeText(applyEdits(text, edits), original.decoded.encoding, original.decoded.bom);
  };
}
