/**
 * Taking removed units out of a YAML target (a step of yamlEdit, see edit.ts): each with its whole
 * pair, and the maps they leave empty with theirs. The target is seen through a TreeView: read
 * once, in the text its in-place patches left.
 */
import type { Pair, Scalar, YAMLMap } from 'yaml';
import { isScalar } from 'yaml';
import type { Edit } from '../file-text.ts';
import { lineEnding } from '../kit/yaml/scalar-edit.ts';
import { attachedCommentsStart, pairExtent } from './lines.ts';
import { chain, Unsupported } from './tree-paths.ts';
import type { TreeView } from './tree-view.ts';

/**
 * Edits taking removed units' pairs out, with the maps they leave empty; a map in `grown` gains
 * new pairs in the same edit, so it never is.
 */
export function removals(view: TreeView, remove: ReadonlySet<string>, grown: ReadonlySet<YAMLMap>): Edit[] {
  const { text, top, rootKey } = view;
  if (!top) throw new Unsupported();
  const at = (index: number) => view.at(index);
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
  const emptied = (map: YAMLMap) => !grown.has(map) && (removed.get(map)?.size ?? 0) === map.items.length;
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
      if (dropped.has(map) || !up || !emptied(map) || up.map.flow) continue;
      dropped.add(map);
      const set = removed.get(up.map) ?? new Set();
      removed.set(up.map, set);
      set.add(up.pair);
      changed = true;
    }
  }
  if (emptied(top)) return emptyTop(view, top, rootKey);
  const edits: Edit[] = [];
  for (const [map, pairs] of removed) {
    if (dropped.has(map)) continue;
    for (const pair of pairs) {
      const keyStart = at((pair.key as Scalar).range![0]);
      const { end } = pairExtent(text, pair, true, at);
      edits.push({ start: attachedCommentsStart(text, keyStart), end, replacement: '' });
    }
  }
  return edits;
}

/**
 * The edit that empties the top map (every unit removed): `de: {}` (or `{}`), so the file still
 * reads as the language's empty map rather than as `de: null`; comments above it stay.
 */
function emptyTop(view: TreeView, top: YAMLMap, rootKey: Scalar | undefined): Edit[] {
  const { text } = view;
  const eol = lineEnding(text);
  if (rootKey) return [{ start: view.at(rootKey.range![1]), end: text.length, replacement: `: {}${eol}` }];
  const start = attachedCommentsStart(text, view.at((top.items[0]!.key as Scalar).range![0]));
  return [{ start, end: text.length, replacement: `{}${eol}` }];
}
