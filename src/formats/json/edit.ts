import { applyEdits, type DecodedText, type Edit, encodeText } from '../file-text.ts';
import { memberOfValue, membersOf, parentsOf, removeMembers } from '../kit/json/members.ts';
import { readJson } from '../kit/json/read.ts';
import { type JsonDoc, OBJECT, tokenizeJson } from '../kit/json/tokens.ts';
import type { PluralCategory, PluralForms, RenderOptions, TargetChanges } from '../model.ts';
import { insertionEdits } from './insert.ts';
import { jsonPatch } from './render.ts';
import { jsonEntries, PLURAL, pluralForms, pluralGroup } from './units.ts';

/**
 * Applies `changes` to a JSON target: `set` units the target holds are replaced in place, those it
 * lacks inserted at the source's position in the target's style, `remove` units taken out with
 * their member (and parents left empty; with the earlier copies of a repeated key, which would
 * otherwise come back). Nothing to set or remove returns `target` itself. A
 * target or source that does not parse throws a FormatError with line and column.
 */
export function editJson(target: Uint8Array, changes: TargetChanges, options: RenderOptions): Uint8Array {
  // A repeated key is read as JSON.parse reads it (the last copy is the value, JsonDoc.shadowed);
  // parse has warned about it.
  const where = { fileName: options.fileName, maxBytes: options.maxBytes, duplicateKeys: 'keep' as const };
  if (changes.set.size === 0 && changes.remove.size === 0) {
    readJson(target, where);
    return target;
  }
  const source = readJson(changes.source, { ...where, fileName: undefined });
  // The target is read against the source: its plural groups without `_other` are the source's units.
  const entries = source.derive(jsonEntries);
  const plural = new Set(entries.ids.filter((_, n) => (entries.flags[n]! & PLURAL) !== 0));
  const sourcePlurals = plural.size > 0 ? plural : undefined;
  const first = readJson(target, { ...where, sourcePlurals });
  const decoded = first.decoded;
  const held = heldIds(first, source);
  const inPlace = withTargetForms(first, new Map([...changes.set].filter(([id]) => held.has(id))));
  let text = first.text;
  if (inPlace.size > 0) text = jsonPatch(first, inPlace, options.targetLang, options.fileName).apply(text);
  let doc = reread(text, decoded, options.fileName, sourcePlurals);
  if (changes.remove.size > 0) {
    text = applyEdits(text, removalEdits(doc, changes.remove));
    doc = reread(text, decoded, options.fileName, sourcePlurals);
  }
  const missing = [...changes.set.keys()].filter((id) => !held.has(id) || changes.remove.has(id));
  if (missing.length > 0) {
    text = applyEdits(text, insertionEdits(doc, source, changes, new Set(missing), options));
  }
  if (text === first.text) return target;
  return encodeText(text, decoded.encoding, decoded.bom);
}

/**
 * The translations with each plural one completed by the target's own forms of the categories it
 * does not give: a Russian target's `_few`/`_many` and an i18next `_zero` stay as people wrote
 * them rather than being filled from `other`.
 */
function withTargetForms(
  doc: JsonDoc,
  translations: Map<string, string | PluralForms>,
): Map<string, string | PluralForms> {
  const entries = doc.derive(jsonEntries);
  for (let n = 0; n < entries.ids.length; n++) {
    const id = entries.ids[n]!;
    const text = translations.get(id);
    if (text === undefined || (entries.flags[n]! & PLURAL) === 0) continue;
    const forms: PluralForms = typeof text === 'string' ? { other: text } : { ...text };
    for (const [category, own] of Object.entries(pluralForms(doc, pluralGroup(entries, n))))
      forms[category as PluralCategory] ??= own;
    translations.set(id, forms);
  }
  return translations;
}

/**
 * The target's unit ids that name the same kind of unit as in the source. An i18next plural group
 * is `base` in a file without a plain `base` key and `base#plural` beside one: a target lacking
 * the plain key calls its group by the plain key's id, which is then not held but missing.
 */
function heldIds(doc: JsonDoc, source: JsonDoc): Set<string> {
  const kinds = (d: JsonDoc) => {
    const entries = d.derive(jsonEntries);
    return new Map(entries.ids.map((id, n) => [id, (entries.flags[n]! & PLURAL) !== 0]));
  };
  const inSource = kinds(source);
  const held = new Set<string>();
  for (const [id, plural] of kinds(doc)) if ((inSource.get(id) ?? plural) === plural) held.add(id);
  return held;
}

function reread(
  text: string,
  decoded: DecodedText,
  fileName: string | undefined,
  sourcePlurals: ReadonlySet<string> | undefined,
): JsonDoc {
  const doc = tokenizeJson({ text, encoding: decoded.encoding, bom: decoded.bom }, fileName);
  doc.sourcePlurals = sourcePlurals;
  return doc;
}

/** The members (key events, or item events in arrays) that make up each entry, by unit id. */
function entryMembers(doc: JsonDoc): Map<string, { container: number; members: number[] }> {
  const entries = doc.derive(jsonEntries);
  const parents = doc.derive(parentsOf);
  const out = new Map<string, { container: number; members: number[] }>();
  for (let n = 0; n < entries.ids.length; n++) {
    if ((entries.flags[n]! & PLURAL) !== 0) {
      const group = pluralGroup(entries, n);
      out.set(entries.ids[n]!, { container: group.object, members: group.members.filter((k) => k >= 0) });
    } else {
      const value = entries.values[n]!;
      const container = parents[value]!;
      out.set(entries.ids[n]!, { container, members: [memberOfValue(doc, container, value)] });
    }
  }
  return out;
}

/** Edits that take the units in `remove` out, and the objects and arrays they leave empty. */
function removalEdits(doc: JsonDoc, remove: ReadonlySet<string>): Edit[] {
  const parents = doc.derive(parentsOf);
  const removed = new Map<number, Set<number>>();
  const mark = (container: number, member: number) => {
    const set = removed.get(container) ?? new Set<number>();
    removed.set(container, set);
    set.add(member);
    // The earlier copies of a removed key would be read in its place once it is gone: they go too.
    if (doc.duplicates.length > 0 && doc.kind(container) === OBJECT)
      for (const k of doc.keys(container))
        if (k < member && doc.shadowed(k) && doc.string(k) === doc.string(member)) set.add(k);
  };
  for (const [id, entry] of entryMembers(doc)) {
    if (remove.has(id)) for (const member of entry.members) mark(entry.container, member);
  }
  // Inner containers have larger event numbers: visiting in descending order empties them before their parents.
  const dropped = new Set<number>();
  for (const container of [...removed.keys()].sort((a, b) => b - a)) {
    if (container === 0 || removed.get(container)!.size < membersOf(doc, container).length) continue;
    const parent = parents[container]!;
    dropped.add(container);
    mark(parent, memberOfValue(doc, parent, container));
  }
  const edits: Edit[] = [];
  for (const [container, members] of removed) {
    if (!dropped.has(container)) edits.push(...removeMembers(doc, container, members));
  }
  return edits;
}
