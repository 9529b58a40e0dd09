/**
 * Reads a YAML file into translatable entries, each tied to the exact source range of its scalar,
 * using the `yaml` package's composed documents (ranges and source tokens kept) — the file is never
 * re-stringified; render patches these ranges.
 */
import type { Document, Node, Pair, Scalar, YAMLMap } from 'yaml';
import { isAlias, isMap, isScalar, isSeq } from 'yaml';
import { repeatedKeyMessage } from '../distinct-ids.ts';
import type { DecodedText } from '../file-text.ts';
import { decodeText, TextPositions } from '../file-text.ts';
import { CATEGORY_ORDER } from '../kit/plural-forms.ts';
import type { ParseOptions, PluralCategory } from '../model.ts';
import { parseDocuments } from './quoted-lines.ts';
import type { RootLocale } from './root-locale.ts';
import { rootLocale } from './root-locale.ts';

/** A string scalar that is one unit. */
export interface ScalarEntry {
  kind: 'scalar';
  id: string;
  node: Scalar<string>;
  notes: string[];
  /** Inside a flow collection (`[a, b]`, `{k: v}`): plain scalars there must avoid `,[]{}`. */
  flow: boolean;
}

/** A Rails plural hash (`one:`/`other:` children of a key): one plural unit. */
export interface PluralEntry {
  kind: 'plural';
  id: string;
  map: YAMLMap<Scalar<string>, Scalar<string>>;
  forms: Map<PluralCategory, Scalar<string>>;
  notes: string[];
}

export type YamlEntry = ScalarEntry | PluralEntry;

export interface YamlFile {
  decoded: DecodedText;
  /** The parsed documents, for the edit's walks (read once, never re-read). */
  documents: Document.Parsed[];
  positions: TextPositions;
  entries: YamlEntry[];
  roots: RootLocale[];
}

/**
 * Parses YAML text; syntax errors become FormatErrors with line and column. A key repeated in one
 * map is read with a warning, as Psych (Rails i18n) and PyYAML read it: the last copy is the value
 * and the unit; the earlier copies are never read, so they are no units (shadowedPairs).
 */
export function readYaml(bytes: Uint8Array, options: ParseOptions): YamlFile {
  const decoded = decodeText(bytes, options);
  const positions = new TextPositions(decoded);
  // A quoted scalar over several lines is read as Psych reads it (quoted-lines.ts). Duplicate
  // keys are found here with a set per map (checkUniqueKeys), not by the library.
  const list = parseDocuments(decoded.text);
  const entries: YamlEntry[] = [];
  const roots: RootLocale[] = [];
  list.forEach((doc, index) => {
    const error = doc.errors[0];
    if (error) throw positions.error(error.message, error.pos[0], options.fileName);
    const prefix = index === 0 ? '' : `#${index}`;
    walkDocument(doc, prefix, entries, roots, {
      warn: (message, at) => options.onWarning?.(positions.warning(message, at)),
      lineOf: (at) => positions.at(at).line,
    });
  });
  return { decoded, documents: list, positions, entries, roots };
}

interface Warnings {
  warn(message: string, at: number): void;
  lineOf(at: number): number;
}

function walkDocument(
  doc: Document,
  prefix: string,
  entries: YamlEntry[],
  roots: RootLocale[],
  warnings: Warnings,
): void {
  checkUniqueKeys(doc.contents, warnings);
  const contents = doc.contents;
  const root = rootLocale(contents);
  if (root && isMap(contents)) {
    roots.push(root);
    const pair = contents.items[0]!;
    const notes = commentNotes(pair.key as Node, contents.commentBefore ?? doc.commentBefore);
    visitValue(pair.value as Node | null, prefix, notes, false, entries);
    return;
  }
  visitValue(contents, prefix, commentNotes(null, doc.commentBefore), false, entries);
}

/**
 * Map keys should be unique (YAML 1.2 §3.2.1.1); scalar keys are compared by their value. A
 * repeated key is read as Psych (Rails i18n) and PyYAML read it: the last copy is the value. One
 * warning per repeated key, at its last copy, naming the lines of all its copies, in file order.
 */
function checkUniqueKeys(root: unknown, { warn, lineOf }: Warnings): void {
  const found: { at: number; message: string }[] = [];
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isMap(node)) {
      const copies = new Map<unknown, Scalar[]>();
      for (const pair of node.items) {
        if (isScalar(pair.key)) {
          const list = copies.get(pair.key.value);
          if (list) list.push(pair.key);
          else copies.set(pair.key.value, [pair.key]);
        }
        stack.push(pair.value);
      }
      for (const [value, list] of copies) {
        if (list.length < 2) continue;
        const lines = list.map((key) => lineOf(key.range![0]));
        const at = list.at(-1)!.range![0];
        found.push({ at, message: repeatedKeyMessage(String(value), lines, 'Psych (and PyYAML)') });
      }
    } else if (isSeq(node)) {
      for (const item of node.items) stack.push(item);
    }
  }
  found.sort((a, b) => a.at - b.at);
  for (const { at, message } of found) warn(message, at);
}

/**
 * The indexes of the pairs of `map` whose scalar key a later pair repeats, or undefined when no
 * key repeats: Psych keeps the last copy's value, so an earlier one (and everything under it) is
 * never read.
 */
export function shadowedPairs(map: YAMLMap): ReadonlySet<number> | undefined {
  const last = new Map<unknown, number>();
  map.items.forEach((pair, index) => {
    if (isScalar(pair.key)) last.set(pair.key.value, index);
  });
  if (last.size === map.items.length) return undefined;
  const shadowed = new Set<number>();
  map.items.forEach((pair, index) => {
    if (isScalar(pair.key) && last.get(pair.key.value) !== index) shadowed.add(index);
  });
  return shadowed;
}

function visitValue(node: unknown, path: string, notes: string[], flow: boolean, entries: YamlEntry[]): void {
  if (isScalar(node)) {
    if (typeof node.value === 'string' && !isRubySymbol(node)) {
      entries.push({ kind: 'scalar', id: path, node: node as Scalar<string>, notes, flow });
    }
  } else if (isMap(node)) {
    const plural = pluralForms(node);
    if (plural) {
      entries.push({ kind: 'plural', id: path, map: node as PluralEntry['map'], forms: plural, notes });
      return;
    }
    visitPairs(node, path, flow || node.flow === true, entries);
  } else if (isSeq(node)) {
    const inFlow = flow || node.flow === true;
    node.items.forEach((item, index) => {
      const itemNotes = commentNotes(item as Node, index === 0 ? node.commentBefore : undefined);
      visitValue(item, `${path}[${index}]`, itemNotes, inFlow, entries);
    });
  }
  // Aliases are not units: the aliased text is a unit once, at its anchor.
}

/** Psych reads a plain `:year` as a Ruby symbol (Rails' `date.order`): an identifier, not text. */
function isRubySymbol(node: Scalar): boolean {
  return node.type === 'PLAIN' && /^:[A-Za-z_][A-Za-z0-9_]*$/.test(String(node.value));
}

function visitPairs(map: YAMLMap, path: string, flow: boolean, entries: YamlEntry[]): void {
  const shadowed = shadowedPairs(map);
  map.items.forEach((pair: Pair, index) => {
    const key = pair.key;
    if (!isScalar(key)) return; // complex keys hold no translatable text by convention
    if (shadowed?.has(index)) return;
    if (isMergeKey(key)) {
      // `<<: {…}` merges an inline map's keys into this one; `<<: *alias` adds no new units.
      const merged = isSeq(pair.value) ? pair.value.items : [pair.value];
      for (const source of merged)
        if (isMap(source)) visitPairs(source, path, flow || source.flow === true, entries);
      return;
    }
    const notes = commentNotes(key, index === 0 ? map.commentBefore : undefined);
    visitValue(pair.value, joinPath(path, String(key.value)), notes, flow, entries);
  });
}

function isMergeKey(key: Scalar): boolean {
  return typeof key.value === 'symbol' || (key.value === '<<' && key.type === 'PLAIN');
}

/** Children are all CLDR categories with string values, `other` among them (Rails i18n's plural hash). */
function pluralForms(map: YAMLMap): Map<PluralCategory, Scalar<string>> | undefined {
  if (map.items.length === 0) return undefined;
  const forms = new Map<PluralCategory, Scalar<string>>();
  for (const pair of map.items) {
    const { key, value } = pair;
    if (!isScalar(key) || !isScalar(value) || typeof value.value !== 'string') return undefined;
    const category = String(key.value) as PluralCategory;
    if (!CATEGORY_ORDER.includes(category)) return undefined;
    forms.set(category, value as Scalar<string>);
  }
  const other = forms.get('other');
  if (!other) return undefined;
  // A lone `other:` is a plural only when it interpolates a count; otherwise it is an ordinary key.
  if (forms.size === 1 && !other.value.includes('%{count}')) return undefined;
  return forms;
}

/** Ids join keys with `.`; dots, brackets and backslashes inside keys are backslash-escaped. */
export function joinPath(path: string, key: string): string {
  const escaped = key.replace(/[\\.[]/g, (c) => `\\${c}`);
  return path === '' ? escaped : `${path}.${escaped}`;
}

function commentNotes(node: Node | null, extra: string | null | undefined): string[] {
  const notes: string[] = [];
  for (const comment of [extra, node && !isAlias(node) ? node.commentBefore : undefined]) {
    if (!comment) continue;
    const text = comment
      .split('\n')
      .map((line) => line.replace(/^ /, '').trimEnd())
      .join('\n')
      .trim();
    if (text !== '') notes.push(text);
  }
  return notes;
}
