/**
 * `edit` for Android string resources (DESIGN §7): held units are patched in place by render;
 * removed ones leave with their element's lines and the `<!-- … -->` comment directly above (a
 * `<string-array>` or `<plurals>` as a whole, or single `<item>`s of an array that stays); new ones
 * go in as whole lines where the source's order puts them.
 *
 * A new resource is the source's element (its attributes, `formatted="false"` included, its
 * quoting and CDATA style) with the translation rendered into it by the format's own render, so
 * escaping and plural items follow the same rules as everywhere else (a Russian `<plurals>` gets
 * its few/many items). It takes the target's indentation and line endings.
 *
 * Decisions: resources the source leaves out (`translatable="false"`, a donottranslate file) are
 * never inserted, and a copy a target already holds stays as people wrote it; the source's
 * comments are not copied (Android Studio's translations editor does not either: notes live in
 * the default `values/strings.xml`).
 */

import { applyEdits, type Edit, encodeText } from '../file-text.ts';
import { blankSeparated, lineEdits, lineStartOf } from '../kit/line-edit.ts';
import { renameKeyTokens } from '../kit/rename-keys.ts';
import { elementLines } from '../kit/xml/blocks-edit.ts';
import { attribute, decodeXml, indentOf, type LoadedXml } from '../kit/xml/document.ts';
import type { XmlElement } from '../kit/xml/nodes.ts';
import type { FormatModule, RenamedKeys, RenderOptions, TargetChanges } from '../model.ts';
import { defaultResourcesOnly, readAndroid } from './read.ts';

/** A resource element and the unit ids it holds (one, or an array's items). */
interface Block {
  id: string;
  element: XmlElement;
  units: string[];
  translatable: boolean;
}

function blocks(loaded: LoadedXml): {
  list: Block[];
  root: XmlElement | undefined;
  items: Map<string, XmlElement>;
} {
  const list: Block[] = [];
  const byElement = new Map<XmlElement, Block>();
  const items = new Map<string, XmlElement>();
  let root: XmlElement | undefined;
  readAndroid(loaded, (entry) => {
    const isItem = entry.element.name === 'item';
    const element = isItem ? entry.element.parent! : entry.element;
    root = element.parent;
    if (isItem) items.set(entry.unit.id, entry.element);
    let block = byElement.get(element);
    if (!block) {
      const name = attribute(element, 'name')!;
      const product = attribute(element, 'product');
      block = {
        id: product === undefined ? name : `${name}#${product}`,
        element,
        units: [],
        translatable: !defaultResourcesOnly(entry.unit.leftOut),
      };
      byElement.set(element, block);
      list.push(block);
    }
    block.units.push(entry.unit.id);
  });
  return { list, root, items };
}

/**
 * The edit of an Android target; `render` is the format's render (used over the target for held
 * units and over a one-element copy of the source for new ones).
 */
export function androidEdit(render: FormatModule['render']) {
  return (target: Uint8Array, changes: TargetChanges, options: RenderOptions): Uint8Array => {
    const first = decodeXml(target, options);
    const held = new Set<string>();
    readAndroid(first, (entry) => held.add(entry.unit.id));
    if (changes.set.size === 0 && changes.remove.size === 0) return target;
    const inPlace = new Map([...changes.set].filter(([id]) => held.has(id)));
    const loaded = inPlace.size > 0 ? decodeXml(render(target, inPlace, options), options) : first;
    const { text, newline } = loaded;
    const mine = blocks(loaded);
    const source = decodeXml(changes.source, { maxBytes: options.maxBytes });
    const theirs = blocks(source);
    const remove = new Set([...changes.remove].filter((id) => !changes.set.has(id)));
    const mineById = new Map(mine.list.map((b) => [b.id, b]));
    const indent = mine.list.length > 0 ? indentOf(text, mine.list[0]!.element.start) : undefined;
    const write = (block: Block, only?: XmlElement, itemIndent?: string) =>
      newResource(
        render,
        source,
        theirs.root!,
        block,
        only ?? block.element,
        changes,
        options,
        indent,
        newline,
        itemIndent,
      );

    // Resources: a block leaves when all its units do; a source block none of whose units the target holds comes in.
    const insert = new Map<string, string>();
    for (const block of theirs.list) {
      if (!block.translatable || mineById.has(block.id)) continue;
      if (block.units.some((id) => changes.set.has(id))) insert.set(block.id, write(block));
    }
    const entries = mine.list.map((b) => elementLines(text, b.id, b.element));
    const gone = new Set(mine.list.filter((b) => b.units.every((id) => remove.has(id))).map((b) => b.id));
    const edits: Edit[] = lineEdits({
      text,
      entries,
      sourceOrder: theirs.list.map((b) => b.id),
      insert,
      remove: gone,
      eol: newline,
      blankSeparated: blankSeparated(text, entries),
      emptyAt: lineStartOf(text, Math.max(0, text.lastIndexOf('</resources>'))),
    });
    // Items of arrays both files hold: new ones after their predecessors, removed ones out.
    for (const block of mine.list) {
      if (gone.has(block.id) || block.element.name !== 'string-array') continue;
      const other = theirs.list.find((b) => b.id === block.id);
      const itemInsert = new Map<string, string>();
      const firstItem = mine.items.get(block.units[0]!)!;
      for (const id of other?.units ?? []) {
        if (!held.has(id) && changes.set.has(id))
          itemInsert.set(id, write(other!, theirs.items.get(id), indentOf(text, firstItem.start)));
      }
      const itemRemove = new Set(block.units.filter((id) => remove.has(id)));
      if (itemInsert.size === 0 && itemRemove.size === 0) continue;
      const itemEntries = block.units.map((id) => elementLines(text, id, mine.items.get(id)!));
      edits.push(
        ...lineEdits({
          text,
          entries: itemEntries,
          sourceOrder: other?.units ?? [],
          insert: itemInsert,
          remove: itemRemove,
          eol: newline,
          blankSeparated: false,
        }),
      );
    }
    if (edits.length === 0 && inPlace.size === 0) return target;
    return encodeText(applyEdits(text, edits), loaded.decoded.encoding, loaded.decoded.bom);
  };
}

/**
 * The lines of a new resource (or of one `<item>` when `only` is an array item): the source's
 * element rendered alone with the translations, re-indented for the target.
 */
function newResource(
  render: FormatModule['render'],
  source: LoadedXml,
  root: XmlElement,
  block: Block,
  only: XmlElement,
  changes: TargetChanges,
  options: RenderOptions,
  indent: string | undefined,
  newline: string,
  itemIndent?: string,
): string {
  const text = source.text;
  const own = indentOf(text, block.element.start);
  const mini = `${text.slice(root.start, root.openEnd)}\n${own}${text.slice(block.element.start, block.element.end)}\n</resources>\n`;
  const translations = new Map([...changes.set].filter(([id]) => block.units.includes(id)));
  const rendered = new TextDecoder().decode(render(new TextEncoder().encode(mini), translations, options));
  const loaded = decodeXml(new TextEncoder().encode(rendered));
  const element = blocks(loaded);
  const target = only === block.element ? element.list[0]!.element : element.items.get(unitOf(block, only))!;
  const lineIndent = indentOf(rendered, target.start);
  const body = rendered.slice(target.start, target.end);
  const wanted =
    only === block.element ? (indent ?? own) : (itemIndent ?? lineIndent.replace(own, indent ?? own));
  return (
    wanted +
    body
      .split(/\r?\n/)
      .map((line, n) =>
        n === 0
          ? line
          : line.startsWith(own) && indent !== undefined
            ? indent + line.slice(own.length)
            : line,
      )
      .join(newline)
  );
}

/** The unit id of an array item element of the source. */
function unitOf(block: Block, item: XmlElement): string {
  const items = block.element.children.filter((c) => c.kind === 'element' && c.name === 'item');
  return block.units[items.indexOf(item)]!;
}

/**
 * renameKeys for Android resources: the old resource's `name` attribute takes the new name as the
 * source writes it. A resource of one unit (`<string>`, `<plurals>`) is renamed; an array's items
 * and a `product` variant are left to remove and insert.
 */
export function androidRenameKeys(
  target: Uint8Array,
  renames: ReadonlyMap<string, string>,
  source: Uint8Array,
  options: RenderOptions,
): RenamedKeys {
  const loaded = decodeXml(target, options);
  const theirs = decodeXml(source, { maxBytes: options.maxBytes });
  const nameOf = (l: LoadedXml) => {
    const names = new Map<string, { start: number; end: number }>();
    for (const b of blocks(l).list) {
      const name = b.element.attributes.find((a) => a.name === 'name');
      if (name && b.units.length === 1 && b.units[0] === b.id)
        names.set(b.id, { start: name.valueStart, end: name.valueEnd });
    }
    return names;
  };
  const mine = nameOf(loaded);
  const from = nameOf(theirs);
  const { text, renamed } = renameKeyTokens(loaded.text, renames, {
    target: (id) => mine.get(id),
    source: (id) => {
      const at = from.get(id);
      return at && theirs.text.slice(at.start, at.end);
    },
  });
  if (renamed.size === 0) return { bytes: target, renamed };
  return { bytes: encodeText(text, loaded.decoded.encoding, loaded.decoded.bom), renamed };
}
