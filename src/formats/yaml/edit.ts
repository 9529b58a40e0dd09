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
 *    directly above at the key's column; a map left empty leaves with its own pair. A unit both
 *    set and removed is set.
 *
 * Limits: new units go into block mappings only. A unit inside a sequence or a flow collection
 * (`[a, b]`, `{k: v}`) that the target lacks, or a target with several documents or no mapping
 * at all, is written the fallback way: the source rendered with every translation the target
 * holds (no translation is lost; the layout follows the source).
 */
import type { Node, Pair, Scalar, YAMLMap } from 'yaml';
import { isMap, isScalar, parseAllDocuments } from 'yaml';
import { applyEdits, decodeText, type Edit, encodeText } from '../file-text.ts';
import { CATEGORY_ORDER } from '../json/cldr.ts';
import type { PluralCategory, PluralForms, RenderOptions, TargetChanges, Translations } from '../model.ts';
import { writeBlock } from './block.ts';
import { targetCategories } from './edit-plural.ts';
import { lineEnding } from './edit-scalar.ts';
import { attachedCommentsStart, columnOf, pairLines } from './lines.ts';
import { readYaml, type YamlFile } from './read.ts';
import { rootLocale } from './root-locale.ts';
import { type FlowStyle, writeFlowScalar } from './scalar.ts';

type Render = (original: Uint8Array, translations: Translations, options: RenderOptions) => Uint8Array;

/** Thrown inside the edit for what only the fallback can write. */
class Unsupported extends Error {}

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

/** The first document's top map, below a Rails root-locale key when there is one (and that key). */
function topOf(text: string): { top: YAMLMap | undefined; rootKey: Scalar | undefined } {
  const docs = parseAllDocuments(text, { merge: true, keepSourceTokens: true, uniqueKeys: false });
  if (!Array.isArray(docs) || docs.length !== 1) return { top: undefined, rootKey: undefined };
  const contents = docs[0]!.contents;
  const root = rootLocale(contents);
  const top = root && isMap(contents) ? contents.items[0]!.value : contents;
  return { top: isMap(top) ? top : undefined, rootKey: root?.key };
}

function topMap(text: string): YAMLMap | undefined {
  return topOf(text).top;
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

/** The pair of a map whose key is `name`. */
function pairOf(map: YAMLMap, name: string): Pair<Scalar, unknown> | undefined {
  let index = pairIndex.get(map);
  if (!index) {
    // Built once per map: a sync looks up many keys in maps of hundreds.
    index = new Map();
    for (const p of map.items)
      if (isScalar(p.key) && !index.has(String(p.key.value)))
        index.set(String(p.key.value), p as Pair<Scalar, unknown>);
    pairIndex.set(map, index);
  }
  return index.get(name);
}

const pairIndex = new WeakMap<YAMLMap, Map<string, Pair<Scalar, unknown>>>();

/** The chain of (map, pair) from the top map down to an id's pair, or undefined where it breaks. */
function chain(top: YAMLMap, id: string): { map: YAMLMap; pair: Pair<Scalar, unknown> }[] | undefined {
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
      const { end } = pairLines(text, keyStart, true);
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

/** A new pair to write: a unit's text, its plural forms, or a map of further new pairs. */
interface NewPair {
  /** The key as the source writes it. */
  key: string;
  /** The source value node (scalar, plural map or map). */
  node: Node;
  text?: string | PluralForms;
  plural: boolean;
  children: Map<string, NewPair>;
}

function insertions(
  text: string,
  source: YamlFile,
  changes: TargetChanges,
  missing: ReadonlySet<string>,
  options: RenderOptions,
): Edit[] {
  const top = topMap(text);
  const sourceTop = topMap(source.decoded.text);
  if (!top || !sourceTop || top.flow || top.items.length === 0) throw new Unsupported();
  const srcText = source.decoded.text;
  const groups = new Map<YAMLMap, { sourceMap: YAMLMap; pairs: Map<string, NewPair> }>();
  for (const entry of source.entries) {
    if (!missing.has(entry.id)) continue;
    const links = chain(sourceTop, entry.id);
    if (!links) throw new Unsupported();
    let map: YAMLMap = top;
    let i = 0;
    for (; i < links.length - 1; i++) {
      const pair = pairOf(map, String(links[i]!.pair.key.value));
      if (!pair) break;
      if (!isMap(pair.value) || pair.value.flow) throw new Unsupported();
      map = pair.value;
    }
    if (map.flow || links[i]!.map.flow) throw new Unsupported();
    const group = groups.get(map) ?? { sourceMap: links[i]!.map, pairs: new Map() };
    groups.set(map, group);
    let pairs = group.pairs;
    for (let j = i; j < links.length; j++) {
      const link = links[j]!;
      const name = String(link.pair.key.value);
      let next = pairs.get(name);
      if (!next) {
        const [start, end] = link.pair.key.range!;
        next = {
          key: srcText.slice(start, end),
          node: link.pair.value as Node,
          plural: false,
          children: new Map(),
        };
        if (j === links.length - 1) {
          next.text = changes.set.get(entry.id);
          next.plural = entry.kind === 'plural';
        }
        pairs.set(name, next);
      }
      pairs = next.children;
    }
  }
  const writer = new Writer(text, srcText, options.targetLang);
  const edits: Edit[] = [];
  for (const [map, { sourceMap, pairs }] of groups)
    edits.push(...mapInsertions(text, map, sourceMap, pairs, writer));
  // Where a nested map ends and its parent's next pair begins, both may insert at one index: the
  // nested map's lines come first (applyEdits keeps equal starts in the order given).
  const indentOf = (e: Edit) => /^[\r\n]*( *)/.exec(e.replacement)![1]!.length;
  return edits.sort((a, b) => a.start - b.start || indentOf(b) - indentOf(a));
}

/** Each new pair goes after the nearest preceding source sibling the map holds, else before the nearest following one. */
function mapInsertions(
  text: string,
  map: YAMLMap,
  sourceMap: YAMLMap,
  pairs: Map<string, NewPair>,
  writer: Writer,
): Edit[] {
  const names = sourceMap.items.map((p) => (isScalar(p.key) ? String(p.key.value) : ''));
  const first = map.items[0];
  if (!first || !isScalar(first.key)) throw new Unsupported();
  const column = columnOf(text, first.key.range![0]);
  const at = new Map<number, string[]>();
  const put = (index: number, lines: string) => {
    const list = at.get(index) ?? [];
    at.set(index, list);
    list.push(lines);
  };
  for (const [name, pair] of pairs) {
    const position = names.indexOf(name);
    let anchor: Pair<Scalar, unknown> | undefined;
    for (let p = position - 1; p >= 0 && !anchor; p--) anchor = pairOf(map, names[p]!);
    const lines = writer.pair(pair, column, anchor?.value ?? map.items[0]!.value);
    if (anchor) {
      put(pairLines(text, anchor.key.range![0], true).end, lines);
      continue;
    }
    let following: Pair<Scalar, unknown> | undefined;
    for (let p = position + 1; p < names.length && !following; p++) following = pairOf(map, names[p]!);
    if (following) put(attachedCommentsStart(text, following.key.range![0]), lines);
    else put(pairLines(text, (map.items.at(-1)!.key as Scalar).range![0], true).end, lines);
  }
  return [...at].map(([index, written]) => {
    // After a last line without a line break, the new lines start with one and add none at the end.
    const open = index === text.length && index > 0 && !text.endsWith('\n');
    const joined = written.join('');
    const replacement = open ? writer.eol + joined.slice(0, -writer.eol.length) : joined;
    return { start: index, end: index, replacement };
  });
}

/** Writes new pairs as lines in the target's indentation, line endings and quoting. */
class Writer {
  readonly eol: string;
  readonly indent: number;
  private readonly targetLang: string;

  constructor(text: string, sourceText: string, targetLang: string) {
    this.eol = lineEnding(text);
    this.indent = indentUnit(text) ?? indentUnit(sourceText) ?? 2;
    this.targetLang = targetLang;
  }

  /** The lines of a new pair at `column`, its value quoted like `neighbour` (a sibling's value) where that is a scalar. */
  pair(pair: NewPair, column: number, neighbour: unknown): string {
    const pad = ' '.repeat(column);
    const head = `${pad}${pair.key}:`;
    if (pair.text === undefined) {
      const children = [...pair.children.values()].map((c) => this.pair(c, column + this.indent, neighbour));
      return `${head}${this.eol}${children.join('')}`;
    }
    const style = styleOf(isScalar(neighbour) ? neighbour : pair.node);
    if (!pair.plural) {
      const value = typeof pair.text === 'string' ? pair.text : pair.text.other;
      return `${head}${this.value(value, style, column, pair.node)}${this.eol}`;
    }
    const forms: Partial<Record<PluralCategory, string>> =
      typeof pair.text === 'string' ? { other: pair.text } : pair.text;
    // The target language's categories, and every one the source spells out (Rails reads `zero:`
    // for a count of 0 in every language).
    const categories = new Set<PluralCategory>(targetCategories(this.targetLang));
    if (isMap(pair.node))
      for (const p of pair.node.items) if (isScalar(p.key)) categories.add(p.key.value as PluralCategory);
    const inner = ' '.repeat(column + this.indent);
    // Each form quoted as the source quotes that form (or its `other`).
    const quoting = (c: PluralCategory) => {
      const own = isMap(pair.node) ? (pair.node.get(c, true) ?? pair.node.get('other', true)) : undefined;
      return own === undefined ? style : styleOf(own);
    };
    const lines = CATEGORY_ORDER.filter((c) => categories.has(c)).map(
      (c) =>
        `${inner}${c}:${this.value(forms[c] ?? forms.other!, quoting(c), column + this.indent)}${this.eol}`,
    );
    return `${head}${this.eol}${lines.join('')}`;
  }

  /** ` value` after a key at `column`: a block scalar where the source writes one for multi-line text. */
  private value(value: string, style: FlowStyle, column: number, sourceNode?: Node): string {
    const block = sourceNode && isScalar(sourceNode) && sourceNode.type?.startsWith('BLOCK_');
    if (block && value.includes('\n')) {
      const header = {
        style: sourceNode.type === 'BLOCK_FOLDED' ? '>' : '|',
        indicator: undefined,
        chomp: '',
      } as const;
      const written = writeBlock(value, {
        header,
        contentIndent: column + this.indent,
        parentIndent: column,
        eol: this.eol,
      });
      if (written) return ` ${written.header}${this.eol}${written.body.slice(0, -this.eol.length)}`;
    }
    return ` ${writeFlowScalar(value, style, false)}`;
  }
}

function styleOf(node: unknown): FlowStyle {
  if (!isScalar(node)) return 'PLAIN';
  return node.type === 'QUOTE_SINGLE' || node.type === 'QUOTE_DOUBLE' ? node.type : 'PLAIN';
}

/** The indentation step of a file: the smallest positive difference between a key line and the next deeper one. */
function indentUnit(text: string): number | undefined {
  let best: number | undefined;
  let previous = -1;
  for (const line of text.split('\n')) {
    const match = /^( *)[^\s#-]/.exec(line);
    if (!match) continue;
    const indent = match[1]!.length;
    if (previous >= 0 && indent > previous && (best === undefined || indent - previous < best))
      best = indent - previous;
    previous = indent;
  }
  return best;
}
