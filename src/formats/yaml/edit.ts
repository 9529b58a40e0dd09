/**
 * `edit` for YAML string files (DESIGN §7): a sync's changes written into an existing target,
 * every other line as people wrote it.
 *
 * Three passes, each over a fresh read of the text the previous one left:
 * 1. units the target holds are patched in place by render, with the target's own plural forms
 *    kept where the translation gives none (Rails `zero:` in every language, Russian `few:`/`many:`);
 * 2. new units are inserted as whole lines where the source's order puts them, nested as in the
 *    source (missing maps created), at the target's indentation, with its line endings and the
 *    quoting of the neighbouring value. The Rails root key stays the target's (`de:`), whatever
 *    the source's (`en:`);
 * 3. removed units leave with their whole pair: key line, value lines and the comment lines
 *    directly above at the key's column, and the earlier copies of a repeated key (which would
 *    otherwise be read in its place); a map left empty leaves with its own pair. A unit both set
 *    and removed is set. Otherwise the earlier copies of a repeated key stay as people left them:
 *    only the last one, the one Psych reads, is a unit and is written.
 *
 * Limits: new units go into block mappings only. A unit inside a sequence or a flow collection
 * (`[a, b]`, `{k: v}`) that the target lacks, or a target with several documents or no mapping
 * at all, is written the fallback way: the source rendered with every translation the target
 * holds (no translation is lost; the layout follows the source).
 */
import type { Pair, Scalar, YAMLMap } from 'yaml';
import { isScalar } from 'yaml';
import { applyEdits, decodeText, type Edit, encodeText } from '../file-text.ts';
import { lineEnding } from '../kit/yaml/scalar-edit.ts';
import type { PluralCategory, PluralForms, RenderOptions, TargetChanges, Translations } from '../model.ts';
import { insertions } from './insert.ts';
import { attachedCommentsStart, pairExtent } from './lines.ts';
import { readYaml, type YamlFile } from './read.ts';
import { chain, topOf, Unsupported } from './tree-paths.ts';

type Render = (original: Uint8Array, translations: Translations, options: RenderOptions) => Uint8Array;

/**
 * Applies `changes` to a YAML target (see the file's comment for the rules). Nothing to set or
 * remove returns `target` itself; a target that does not parse throws a FormatError with line and
 * column.
 */
export function yamlEdit(render: Render) {
  return (target: Uint8Array, changes: TargetChanges, options: RenderOptions): Uint8Array => {
    const where = { fileName: options.fileName, maxBytes: options.maxBytes };
    const file = readYaml(target, where);
    if (changes.set.size === 0 && changes.remove.size === 0) return target;
    const source = readYaml(changes.source, { maxBytes: options.maxBytes });
    const held = new Map(file.entries.map((e) => [e.id, e]));
    try {
      const inPlace = new Map<string, string | PluralForms>();
      for (const [id, text] of changes.set) {
        const entry = held.get(id);
        if (!entry) continue;
        inPlace.set(id, entry.kind === 'plural' ? keepForms(text, entry.forms) : text);
      }
      let text = file.decoded.text;
      if (inPlace.size > 0) text = decodeText(render(target, inPlace, options), where).text;
      // Insertions before removals: a map that loses its last old unit and gains a new one stays.
      const missing = [...changes.set.keys()].filter((id) => !held.has(id));
      if (missing.length > 0)
        text = applyEdits(text, insertions(text, source, changes, new Set(missing), options));
      const gone = [...changes.remove].filter((id) => !changes.set.has(id));
      if (gone.length > 0) text = applyEdits(text, removals(text, new Set(gone)));
      if (text === file.decoded.text) return target;
      return encodeText(text, file.decoded.encoding, file.decoded.bom);
    } catch (error) {
      if (!(error instanceof Unsupported)) throw error;
      return fallback(render, file, changes, options);
    }
  };
}

/** The translation's forms, plus the target's own forms of categories it does not give. */
function keepForms(
  text: string | PluralForms,
  forms: ReadonlyMap<PluralCategory, Scalar<string>>,
): PluralForms {
  const given: PluralForms = typeof text === 'string' ? { other: text } : { ...text };
  for (const [category, node] of forms) given[category] ??= node.value;
  return given;
}

function fallback(
  render: Render,
  file: YamlFile,
  changes: TargetChanges,
  options: RenderOptions,
): Uint8Array {
  const all = new Map<string, string | PluralForms>();
  for (const entry of file.entries) {
    if (changes.remove.has(entry.id)) continue;
    if (entry.kind === 'scalar') all.set(entry.id, entry.node.value);
    else all.set(entry.id, keepForms(entry.forms.get('other')!.value, entry.forms));
  }
  for (const [id, text] of changes.set) all.set(id, text);
  return render(changes.source, all, options);
}

/** Edits taking removed units' pairs out, with the maps they leave empty. */
function removals(text: string, remove: ReadonlySet<string>): Edit[] {
  const { top, rootKey } = topOf(text);
  if (!top) throw new Unsupported();
  const removed = new Map<YAMLMap, Set<Pair>>();
  const parentPair = new Map<YAMLMap, { map: YAMLMap; pair: Pair<Scalar, unknown> }>();
  for (const id of remove) {
    const links = chain(top, id);
    if (!links) continue;
    for (let i = 1; i < links.length; i++) parentPair.set(links[i]!.map, links[i - 1]!);
    const { map, pair } = links.at(-1)!;
    if (map.flow) throw new Unsupported();
    const set = removed.get(map) ?? new Set();
    removed.set(map, set);
    set.add(pair);
    // The earlier copies of a repeated key would be read in its place once it is gone: they go too.
    for (const other of map.items)
      if (other !== pair && isScalar(other.key) && other.key.value === pair.key.value) set.add(other as Pair);
  }
  // Deeper maps first: emptying one removes its pair from the map above.
  const dropped = new Set<YAMLMap>();
  const depth = (map: YAMLMap): number => {
    const up = parentPair.get(map);
    return up ? depth(up.map) + 1 : 0;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (const map of [...removed.keys()].sort((a, b) => depth(b) - depth(a))) {
      const up = parentPair.get(map);
      if (dropped.has(map) || !up || removed.get(map)!.size < map.items.length || up.map.flow) continue;
      dropped.add(map);
      const set = removed.get(up.map) ?? new Set();
      removed.set(up.map, set);
      set.add(up.pair);
      changed = true;
    }
  }
  if ((removed.get(top)?.size ?? 0) === top.items.length) return emptyTop(text, top, rootKey);
  const edits: Edit[] = [];
  for (const [map, pairs] of removed) {
    if (dropped.has(map)) continue;
    for (const pair of pairs) {
      const keyStart = (pair.key as Scalar).range![0];
      const { end } = pairExtent(text, pair, true);
      edits.push({ start: attachedCommentsStart(text, keyStart), end, replacement: '' });
    }
  }
  return edits;
}

/**
 * The edit that empties the top map (every unit removed): `de: {}` (or `{}`), so the file still
 * reads as the language's empty map rather than as `de: null`; comments above it stay.
 */
function emptyTop(text: string, top: YAMLMap, rootKey: Scalar | undefined): Edit[] {
  const eol = lineEnding(text);
  if (rootKey) return [{ start: rootKey.range![1], end: text.length, replacement: `: {}${eol}` }];
  const start = attachedCommentsStart(text, (top.items[0]!.key as Scalar).range![0]);
  return [{ start, end: text.length, replacement: `{}${eol}` }];
}
