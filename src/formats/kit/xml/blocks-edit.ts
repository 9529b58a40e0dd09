/**
 * `edit` for XML formats whose units live in elements of their own (XLIFF 1.2 `<trans-unit>`,
 * XLIFF 2 `<unit>`), DESIGN §7: held units are patched in place by render; a unit element whose
 * units all leave goes with its lines and the comment above; a new one is the source's element
 * with the translation rendered in by the format's render, at the source's position (after the
 * nearest preceding unit element the target holds, else before the nearest following one, else
 * before the closing tag of the target's container), in the target's indentation and line endings.
 *
 * Limits: a new element goes next to its neighbour in the source order, which in a file with
 * several `<file>` elements may be another `<file>` than the source's; a segment removed from a
 * unit that keeps others stays; a new unit inside an element the target already holds (a new
 * segment, a new stringsdict variable) makes the whole file follow target.ts's rule (rendered from
 * the source with every translation kept).
 */

import { applyEdits, type Edit, encodeText } from '../../file-text.ts';
import type { FormatModule, RenderOptions, TargetChanges } from '../../model.ts';
import { targetTexts, targetTranslations, type UnitText } from '../../target.ts';
import {
  attachedCommentStart,
  blankSeparated,
  type LineEntry,
  lineEdits,
  lineEndAfter,
  lineStartOf,
} from '../line-edit.ts';
import { decodeXml, indentOf, type LoadedXml } from './document.ts';
import type { XmlElement } from './nodes.ts';

/**
 * Reads a file's units: each unit's id and the element that holds it (several units may share
 * one), and where the unit's lines start when that is before the element (a plist `<key>`).
 */
export type UnitElements = (
  loaded: LoadedXml,
  onUnit: (id: string, element: XmlElement, firstStart?: number) => void,
) => void;

interface Block {
  key: string;
  element: XmlElement;
  /** Where the block starts: the element, or an earlier sibling such as a plist `<key>`. */
  first: number;
  units: string[];
}

function blocksOf(loaded: LoadedXml, read: UnitElements): Block[] {
  const list: Block[] = [];
  const byElement = new Map<XmlElement, Block>();
  read(loaded, (id, element, firstStart) => {
    let block = byElement.get(element);
    if (!block) {
      block = { key: id, element, first: firstStart ?? element.start, units: [] };
      byElement.set(element, block);
      list.push(block);
    }
    block.units.push(id);
  });
  return list;
}

function commentAbove(text: string): (ls: number) => number {
  return (ls) => {
    const line = text.slice(ls, lineEndAfter(text, ls)).trim();
    if (!line.endsWith('-->')) return -1;
    const open = text.lastIndexOf('<!--', ls + text.slice(ls).indexOf('-->'));
    if (open < 0) return -1;
    const start = lineStartOf(text, open);
    return text.slice(start, open).trim() === '' ? start : -1;
  };
}

/** An element's lines as a LineEntry (just the element when it shares its lines with others). */
export function elementLines(
  text: string,
  id: string,
  element: XmlElement,
  first = element.start,
): LineEntry {
  const ls = lineStartOf(text, first);
  const start = text.slice(ls, first).trim() === '' ? ls : first;
  const le = lineEndAfter(text, element.end);
  const end = text.slice(element.end, le).trim() === '' ? le : element.end;
  return {
    id,
    start,
    end,
    commentStart: start === ls ? attachedCommentStart(text, start, commentAbove(text)) : start,
  };
}

/**
 * The edit of a target whose units sit in elements; `closing` is the tag new elements go before
 * when the target holds none (`</body>`).
 */
export function xmlBlocksEdit(format: () => FormatModule, read: UnitElements, closing: string) {
  const render: FormatModule['render'] = (o, t, opts) => format().render(o, t, opts);
  return (target: Uint8Array, changes: TargetChanges, options: RenderOptions): Uint8Array => {
    const first = decodeXml(target, options);
    const held = new Set<string>();
    read(first, (id) => held.add(id));
    if (changes.set.size === 0 && changes.remove.size === 0) return target;
    const inPlace = new Map([...changes.set].filter(([id]) => held.has(id)));
    const loaded = inPlace.size > 0 ? decodeXml(render(target, inPlace, options), options) : first;
    const { text, newline } = loaded;
    const mine = blocksOf(loaded, read);
    const source = decodeXml(changes.source, { maxBytes: options.maxBytes });
    const theirs = blocksOf(source, read);
    const fresh = theirs.filter(
      (b) => b.units.some((id) => changes.set.has(id)) && !b.units.some((id) => held.has(id)),
    );
    const placed = new Set(fresh.flatMap((b) => b.units));
    // A new unit inside an element the target already has (a new segment, a new plural variable):
    // that element alone is written again from the source's, around the translations it holds.
    const grown = theirs.filter((b) =>
      b.units.some((id) => changes.set.has(id) && !held.has(id) && !placed.has(id)),
    );
    const rewritten = new Map<Block, Block>();
    for (const block of grown) {
      const own = mine.filter((m) => m.units.some((id) => block.units.includes(id)));
      if (own.length !== 1 || [...rewritten.values()].includes(own[0]!)) {
        // The target's element does not match one source element: the target.ts rule keeps
        // every translation, in the source's layout.
        const all = targetTranslations(format(), target, options.targetLang, { maxBytes: options.maxBytes });
        for (const id of changes.remove) all.delete(id);
        for (const [id, text] of changes.set) all.set(id, text);
        const asWritten = new Set([...all.keys()].filter((id) => !changes.set.has(id)));
        return render(changes.source, all, { ...options, asWritten });
      }
      rewritten.set(block, own[0]!);
    }
    const indent = mine.length > 0 ? indentOf(text, mine[0]!.first) : undefined;
    const cut = (rendered: LoadedXml, block: Block, at: string | undefined) => {
      const own = indentOf(rendered.text, block.first);
      const lines = rendered.text.slice(block.first, block.element.end).split(/\r?\n/);
      const shifted = lines.map((line, n) => {
        if (n === 0) return (at ?? own) + line;
        return at !== undefined && line.startsWith(own) ? at + line.slice(own.length) : line;
      });
      return shifted.join(newline);
    };
    const insert = new Map<string, string>();
    if (fresh.length > 0) {
      // The source rendered once with every new translation: each new element is cut out of it.
      const translations = new Map([...changes.set].filter(([id]) => !held.has(id)));
      const rendered = decodeXml(render(changes.source, translations, options));
      const renderedBlocks = new Map(blocksOf(rendered, read).map((b) => [b.key, b]));
      for (const block of fresh) insert.set(block.key, cut(rendered, renderedBlocks.get(block.key)!, indent));
    }
    const replaced: Edit[] = [];
    if (rewritten.size > 0) {
      // People's texts in those elements (empty forms too) are carried over as written.
      const own = targetTexts(format(), target, options.targetLang, { maxBytes: options.maxBytes });
      const translations = new Map<string, UnitText>();
      const asWritten = new Set<string>();
      for (const block of rewritten.keys())
        for (const id of block.units) {
          const text = changes.set.get(id) ?? own.get(id);
          if (text === undefined) continue;
          translations.set(id, text);
          if (!changes.set.has(id)) asWritten.add(id);
        }
      const rendered = decodeXml(render(changes.source, translations, { ...options, asWritten }));
      const renderedBlocks = new Map(blocksOf(rendered, read).map((b) => [b.key, b]));
      for (const [block, mineBlock] of rewritten) {
        const start = lineStartOf(text, mineBlock.first);
        const from = text.slice(start, mineBlock.first).trim() === '' ? start : mineBlock.first;
        const at = from === start ? indentOf(text, mineBlock.first) : '';
        replaced.push({
          start: from,
          end: mineBlock.element.end,
          replacement: cut(rendered, renderedBlocks.get(block.key)!, at),
        });
      }
    }
    const kept = new Set(rewritten.values());
    const remove = new Set([...changes.remove].filter((id) => !changes.set.has(id)));
    const entries = mine.map((b) => elementLines(text, b.key, b.element, b.first));
    const close = text.lastIndexOf(closing);
    const edits: Edit[] = lineEdits({
      text,
      entries,
      sourceOrder: theirs.map((b) => b.key),
      insert,
      remove: new Set(
        mine.filter((b) => !kept.has(b) && b.units.every((id) => remove.has(id))).map((b) => b.key),
      ),
      eol: newline,
      blankSeparated: blankSeparated(text, entries),
      ...(close >= 0 ? { emptyAt: lineStartOf(text, close) } : {}),
    });
    edits.push(...replaced);
    if (edits.length === 0 && inPlace.size === 0) return target;
    return encodeText(applyEdits(text, edits), loaded.decoded.encoding, loaded.decoded.bom);
  };
}
