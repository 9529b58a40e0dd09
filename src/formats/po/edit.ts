/**
 * `edit` for gettext PO targets (DESIGN §7): held entries get their msgstr patched in place by
 * render; a new entry is the POT's entry (its `#.`, `#:`, `#,` lines, msgctxt, msgid,
 * msgid_plural) with msgstr written by the format's render under the target's header (so its
 * Plural-Forms decides the msgstr[n]), inserted where the POT's order puts it, one blank line
 * apart as gettext writes; a removed entry leaves with its comment lines.
 *
 * An entry the template brings back that the target keeps as obsolete (`#~`, msgmerge's way of
 * keeping a dropped entry's translation) is revived, as msgmerge does: the obsolete block leaves
 * (msgfmt refuses an active and an obsolete entry with the same id: "duplicate message
 * definition") and the entry comes in with the translation people wrote there, when it has one
 * (still `fuzzy` if it was a draft).
 *
 * Decision: removed entries are deleted, not turned into obsolete `#~` entries as msgmerge does.
 * The platform's memory keeps the old translation, and obsolete entries would sit in every review
 * diff; obsolete entries the target already has are left as they are.
 */

import { applyEdits, type Edit, encodeText } from '../file-text.ts';
import { type LineEntry, lineEdits, lineEndAfter } from '../kit/line-edit.ts';
import type { PluralForms, RenderOptions, TargetChanges, Translations } from '../model.ts';
import { filePlurals } from './header.ts';
import { type ObsoleteEntry, obsoleteEntries } from './obsolete.ts';
import { type PoEntry, type PoFile, readPo } from './read.ts';
import { entryId, targetForms } from './units.ts';

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
    const obsolete = obsoleteEntries(file);
    const revived: Edit[] = [];
    for (const entry of source.entries) {
      const id = entryId(entry);
      if (held.has(id)) continue;
      const old = obsolete.get(id);
      const kept = old?.alone ? keptTranslation(file, old, entry) : undefined;
      const value = kept ?? changes.set.get(id);
      if (value === undefined) continue;
      if (old?.alone) revived.push(blockRemoval(text, old));
      const raw = source.decoded.text.slice(entry.start, entryEnd(source.decoded.text, entry));
      // The entry rendered alone under the target's header: msgstr as render writes it for this file.
      const mini = new TextEncoder().encode(`${header}\n${raw.replace(/\r\n/g, '\n')}`);
      const rendered = readPo(render(mini, new Map([[id, value]]), options), {});
      const written = rendered.entries[0]!;
      let block = rendered.decoded.text.slice(written.start, entryEnd(rendered.decoded.text, written));
      // A draft people left (fuzzy and obsolete) comes back as a draft, as msgmerge revives it.
      if (kept !== undefined && old?.entry.flags.includes('fuzzy')) block = withFuzzy(block);
      insert.set(id, block.replace(/\r?\n$/, '').replace(/\r?\n/g, eol));
    }
    const edits: Edit[] = lineEdits({
      text,
      entries: lineEntries(file),
      sourceOrder: [HEADER, ...source.entries.map(entryId)],
      insert,
      remove: new Set([...changes.remove].filter((id) => !changes.set.has(id))),
      eol,
      // gettext writes one blank line between entries.
      blankSeparated: true,
    });
    edits.push(...revived);
    if (edits.length === 0 && inPlace.size === 0) return target;
    return encodeText(applyEdits(text, edits), original.decoded.encoding, original.decoded.bom);
  };
}

/** The translation an obsolete entry holds for the template's entry, if it has one of the same shape. */
function keptTranslation(file: PoFile, old: ObsoleteEntry, entry: PoEntry): string | PluralForms | undefined {
  if (Boolean(old.entry.msgidPlural) !== Boolean(entry.msgidPlural)) return undefined;
  if (entry.msgidPlural) return targetForms(old.entry, filePlurals(file).mapping);
  const value = old.entry.msgstr[0]?.value ?? '';
  return value === '' ? undefined : value;
}

/** Removes an obsolete block; at the end of the file, the blank line before it goes along. */
function blockRemoval(text: string, old: ObsoleteEntry): Edit {
  let { start } = old.range;
  const { end } = old.range;
  if (end >= text.length || text.slice(end).trim() === '') {
    const before = text.slice(0, start);
    const blank = /(?:\r?\n)[ \t]*\r?\n$/.exec(before);
    if (blank) start -= blank[0].length - (blank[0].startsWith('\r\n') ? 2 : 1);
  }
  return { start, end, replacement: '' };
}

/** Adds the `fuzzy` flag to an entry's lines (`\n`-separated), on its `#,` line or a new one. */
function withFuzzy(block: string): string {
  const lines = block.split('\n');
  const flags = lines.findIndex((l) => l.startsWith('#,'));
  if (flags >= 0) lines[flags] = lines[flags]!.replace(/^#,\s*/, '#, fuzzy, ');
  else
    lines.splice(
      Math.max(
        0,
        lines.findIndex((l) => /^\s*(?:msgctxt|msgid)\b/.test(l)),
      ),
      0,
      '#, fuzzy',
    );
  return lines.join('\n');
}
