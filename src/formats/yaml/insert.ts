/**
 * Inserting the units a YAML target lacks, where the source's order puts them, in the target's
 * indentation, line endings and quoting (a step of yamlEdit, see edit.ts). The target is seen
 * through a TreeView: read once, in the text its in-place patches left.
 */
import type { Node, Pair, Scalar, YAMLMap } from 'yaml';
import { isMap, isScalar } from 'yaml';
import type { Edit } from '../file-text.ts';
import { CATEGORY_ORDER } from '../kit/plural-forms.ts';
import { writeBlock } from '../kit/yaml/block-scalar.ts';
import { type FlowStyle, writeFlowScalar } from '../kit/yaml/flow-scalar.ts';
import { lineEnding } from '../kit/yaml/scalar-edit.ts';
import type { PluralCategory, PluralForms, RenderOptions, TargetChanges } from '../model.ts';
import { targetCategories } from './edit-plural.ts';
import { attachedCommentsStart, columnOf, pairExtent } from './lines.ts';
import type { YamlFile } from './read.ts';
import { chain, pairOf, topOf, Unsupported } from './tree-paths.ts';
import type { TreeView } from './tree-view.ts';

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

/** The insertions' edits, the maps that gain pairs, and whether a new key repeats one its map holds. */
export interface Insertions {
  edits: Edit[];
  grown: ReadonlySet<YAMLMap>;
  repeats: boolean;
}

/** The edits inserting the `missing` units into the target `view` shows (in its text). */
export function insertions(
  view: TreeView,
  source: YamlFile,
  changes: TargetChanges,
  missing: ReadonlySet<string>,
  options: RenderOptions,
): Insertions {
  const { text, top } = view;
  const sourceTop = topOf(source.documents).top;
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
  let repeats = false;
  for (const [map, { sourceMap, pairs }] of groups) {
    edits.push(...mapInsertions(view, map, sourceMap, pairs, writer));
    for (const name of pairs.keys()) repeats ||= pairOf(map, name) !== undefined;
  }
  // Where a nested map ends and its parent's next pair begins, both may insert at one index: the
  // nested map's lines come first (applyEdits keeps equal starts in the order given).
  edits.sort((a, b) => a.start - b.start || insertedColumn(b) - insertedColumn(a));
  return { edits, grown: new Set(groups.keys()), repeats };
}

/** The column an insertion's (first) key is written at. */
export function insertedColumn(edit: Edit): number {
  return /^[\r\n]*( *)/.exec(edit.replacement)![1]!.length;
}

/** Each new pair goes after the nearest preceding source sibling the map holds, else before the nearest following one. */
function mapInsertions(
  view: TreeView,
  map: YAMLMap,
  sourceMap: YAMLMap,
  pairs: Map<string, NewPair>,
  writer: Writer,
): Edit[] {
  // The source's keys in the order the app's hash holds them: a repeated key where it first stands.
  const seen = new Set<string>();
  const names = sourceMap.items.map((p) => {
    const name = isScalar(p.key) ? String(p.key.value) : '';
    if (seen.has(name)) return '';
    seen.add(name);
    return name;
  });
  const { text } = view;
  const at = (index: number) => view.at(index);
  const first = map.items[0];
  if (!first || !isScalar(first.key)) throw new Unsupported();
  const column = columnOf(text, at(first.key.range![0]));
  const placed = new Map<number, string[]>();
  const put = (index: number, lines: string) => {
    const list = placed.get(index) ?? [];
    placed.set(index, list);
    list.push(lines);
  };
  for (const [name, pair] of pairs) {
    const position = names.indexOf(name);
    let anchor: Pair<Scalar, unknown> | undefined;
    for (let p = position - 1; p >= 0 && !anchor; p--) anchor = pairOf(map, names[p]!);
    const neighbour = anchor?.value ?? map.items[0]!.value;
    const lines = writer.pair(pair, column, isScalar(neighbour) ? view.styleOf(neighbour) : undefined);
    if (anchor) {
      put(pairExtent(text, anchor, true, at).end, lines);
      continue;
    }
    let following: Pair<Scalar, unknown> | undefined;
    for (let p = position + 1; p < names.length && !following; p++) following = pairOf(map, names[p]!);
    if (following) put(attachedCommentsStart(text, at(following.key.range![0])), lines);
    else put(pairExtent(text, map.items.at(-1)!, true, at).end, lines);
  }
  return [...placed].map(([index, written]) => {
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

  /**
   * The lines of a new pair at `column`, its value quoted as `neighbour` (a sibling's value, when
   * that is a scalar) is quoted.
   */
  pair(pair: NewPair, column: number, neighbour: FlowStyle | undefined): string {
    const pad = ' '.repeat(column);
    const head = `${pad}${pair.key}:`;
    if (pair.text === undefined) {
      const children = [...pair.children.values()].map((c) => this.pair(c, column + this.indent, neighbour));
      return `${head}${this.eol}${children.join('')}`;
    }
    const style = neighbour ?? styleOf(pair.node);
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
