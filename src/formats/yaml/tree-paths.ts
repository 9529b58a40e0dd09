/**
 * Finding a unit's pair in a YAML string file's tree: the top map (below a Rails root-locale key),
 * an id's steps, and the chain of maps down to its pair. Also the signal that a file is beyond what
 * the in-place edit writes.
 */
import type { Document, Pair, Scalar, YAMLMap } from 'yaml';
import { isMap, isScalar } from 'yaml';
import { rootLocale } from './root-locale.ts';

/** Thrown inside the edit for what only the fallback can write. */
export class Unsupported extends Error {}

/**
 * The top map of a file's only document, below a Rails root-locale key when there is one (and
 * that key); none for several documents.
 */
export function topOf(docs: readonly Document.Parsed[]): {
  top: YAMLMap | undefined;
  rootKey: Scalar | undefined;
} {
  if (docs.length !== 1) return { top: undefined, rootKey: undefined };
  const contents = docs[0]!.contents;
  const root = rootLocale(contents);
  const top = root && isMap(contents) ? contents.items[0]!.value : contents;
  return { top: isMap(top) ? top : undefined, rootKey: root?.key };
}

/** Splits an id into keys (sequence indexes as numbers), undoing joinPath's escapes. */
export function idSteps(id: string): (string | number)[] {
  const steps: (string | number)[] = [];
  let current = '';
  for (let i = 0; i < id.length; i++) {
    const c = id[i]!;
    if (c === '\\') current += id[++i] ?? '';
    else if (c === '.') {
      steps.push(current);
      current = '';
    } else if (c === '[') {
      const close = id.indexOf(']', i);
      if (current !== '') steps.push(current);
      steps.push(Number(id.slice(i + 1, close)));
      current = '';
      i = close;
      if (id[i + 1] === '.') i++;
    } else current += c;
  }
  if (current !== '' || steps.length === 0) steps.push(current);
  return steps;
}

/** The pair of a map whose key is `name`; of a repeated key, the last copy (the one Psych reads). */
export function pairOf(map: YAMLMap, name: string): Pair<Scalar, unknown> | undefined {
  let index = pairIndex.get(map);
  if (!index) {
    // Built once per map: a sync looks up many keys in maps of hundreds.
    index = new Map();
    for (const p of map.items)
      if (isScalar(p.key)) index.set(String(p.key.value), p as Pair<Scalar, unknown>);
    pairIndex.set(map, index);
  }
  return index.get(name);
}

const pairIndex = new WeakMap<YAMLMap, Map<string, Pair<Scalar, unknown>>>();

/** The chain of (map, pair) from the top map down to an id's pair, or undefined where it breaks. */
export function chain(top: YAMLMap, id: string): { map: YAMLMap; pair: Pair<Scalar, unknown> }[] | undefined {
  const out: { map: YAMLMap; pair: Pair<Scalar, unknown> }[] = [];
  let map: unknown = top;
  for (const step of idSteps(id)) {
    if (typeof step !== 'string' || !isMap(map)) return undefined;
    const pair = pairOf(map, step);
    if (!pair) return undefined;
    out.push({ map, pair });
    map = pair.value;
  }
  return out;
}
