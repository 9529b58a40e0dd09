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

import { applyEdits, type Edit, encodeText } from '../file-text.ts';
import type { FormatModule, RenderOptions, TargetChanges } from '../model.ts';
import { targetTranslations } from '../target.ts';
import { decodeXml, indentOf, type LoadedXml } from '../xml/document.ts';
import type { XmlElement } from '../xml/nodes.ts';
import {
  attachedCommentStart,
  blankSeparated,
  type LineEntry,
  lineEdits,
  lineEndAfter,
  lineStartOf,
} from './lines.ts';

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
    if ([...changes.set.keys()].some((id) => !held.has(id) && !placed.has(id))) {
      // A new unit inside an element the target already has (a new segment, a new plural
      // variable): the element is not rewritten here; the target.ts rule keeps every translation.
      const all = targetTranslations(format(), target, options.targetLang, { maxBytes: options.maxBytes });
      for (const id of changes.remove) all.delete(id);
      for (const [id, text] of changes.set) all.set(id, text);
      return render(changes.source, all, options);
    }
    const insert = new Map<string, string>();
    if (fresh.length > 0) {
      // The source rendered once with every new translation: each new element is cut out of it.
      const translations = new Map([...changes.set].filter(([id]) => !held.has(id)));
      const rendered = decodeXml(render(changes.source, translations, options));
      const renderedBlocks = new Map(blocksOf(rendered, read).map((b) => [b.key, b]));
      const indent = mine.length > 0 ? indentOf(text, mine[0]!.first) : undefined;
      for (const block of fresh) {
        const { element, first } = renderedBlocks.get(block.key)!;
        const own = indentOf(rendered.text, first);
        const lines = rendered.text.slice(first, element.end).split(/\r?\n/);
        const shifted = lines.map((line, n) => {
          if (n === 0) return (indent ?? own) + line;
          return indent !== undefined && line.startsWith(own) ? indent + line.slice(own.length) : line;
        });
        insert.set(block.key, shifted.join(newline));
      }
    }
    const remove = new Set([...changes.remove].filter((id) => !changes.set.has(id)));
    const entries = mine.map((b) => elementLines(text, b.key, b.element, b.first));
    const close = text.lastIndexOf(closing);
    const edits: Edit[] = lineEdits({
      text,
      entries,
      sourceOrder: theirs.map((b) => b.key),
      insert,
      remove: new Set(mine.filter((b) => b.units.every((id) => remove.has(id))).map((b) => b.key)),
      eol: newline,
      blankSeparated: blankSeparated(text, entries),
      ...(close >= 0 ? { emptyAt: lineStartOf(text, close) } : {}),
    });
    if (edits.length === 0 && inPlace.size === 0) return target;
    return encodeText(applyEdits(text, edits), loaded.decoded.encoding, loaded.decoded.bom);
  };
}
