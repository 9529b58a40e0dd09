/**
 * Pass 3 of the JSON `edit` (see edit.ts): units the target lacks, inserted where the source's
 * order puts them, with missing parent objects created as nested as in the source, in the
 * target's own separators, indentation, colon spacing, line endings and escaping.
 */

import { FormatError } from '../errors.ts';
import type { Edit } from '../file-text.ts';
import {
  anchoredInsertions,
  detectLayout,
  type JsonLayout,
  memberIndent,
  membersOf,
  parentsOf,
  separatorIn,
} from '../kit/json/members.ts';
import { ARRAY, type JsonDoc, OBJECT, STRING } from '../kit/json/tokens.ts';
import { escaperFor } from '../kit/json/write-string.ts';
import { lineIndent } from '../kit/line-edit.ts';
import { CATEGORY_ORDER, formsToWrite } from '../kit/plural-forms.ts';
import type { PluralForms, RenderOptions, TargetChanges } from '../model.ts';
import { type PluralGroup, pluralKey } from './i18next.ts';
import { jsonEntries, PLURAL, pluralGroup } from './units.ts';

/** A step down from a container: an object key or an array index. */
type Step = string | number;

/** What to write where a member is missing: a unit's text, or a container of further missing members. */
interface NewNode {
  kind: 'text' | 'plural' | 'object' | 'array';
  /** The source value event (container, string, or a plural group's first member value). */
  source: number;
  text?: string | PluralForms;
  group?: PluralGroup;
  children: Map<Step, NewNode>;
}

/** Where a source entry sits: the steps from the root to its member, and its source container. */
interface SourcePlace {
  steps: Step[];
  /** Source container event of each step (steps[i] is a member of containers[i]). */
  containers: number[];
  value: number;
  group: PluralGroup | undefined;
}

function sourcePlaces(source: JsonDoc): Map<string, SourcePlace> {
  const entries = source.derive(jsonEntries);
  const parents = source.derive(parentsOf);
  const pathTo = (event: number) => {
    const steps: Step[] = [];
    const containers: number[] = [];
    for (
      let child = event, parent = parents[event]!;
      parent >= 0;
      child = parent, parent = parents[parent]!
    ) {
      steps.unshift(stepOf(source, parent, child));
      containers.unshift(parent);
    }
    return { steps, containers };
  };
  const out = new Map<string, SourcePlace>();
  for (let n = 0; n < entries.ids.length; n++) {
    const value = entries.values[n]!;
    if ((entries.flags[n]! & PLURAL) === 0) {
      out.set(entries.ids[n]!, { ...pathTo(value), value, group: undefined });
      continue;
    }
    // A plural group's step is its base name, in the object that holds its members.
    const group = pluralGroup(entries, n);
    const { steps, containers } = pathTo(group.object);
    steps.push(group.base);
    containers.push(group.object);
    out.set(entries.ids[n]!, { steps, containers, value, group });
  }
  return out;
}

function stepOf(doc: JsonDoc, container: number, child: number): Step {
  if (doc.kind(container) === OBJECT) return doc.string(child - 1);
  return doc.items(container).indexOf(child);
}

/** The new members of each target container, in source order. */
export function insertionEdits(
  doc: JsonDoc,
  source: JsonDoc,
  changes: TargetChanges,
  missing: ReadonlySet<string>,
  options: RenderOptions,
): Edit[] {
  const fail = (message: string, at: number) => doc.error(message, at, options.fileName);
  if (doc.kind(0) !== source.kind(0)) throw fail('the target and the source differ at the top level', 0);
  const places = sourcePlaces(source);
  const byContainer = new Map<number, { sourceContainer: number; nodes: Map<Step, NewNode> }>();
  const ordered = source.derive(jsonEntries).ids.filter((id) => missing.has(id));
  const unknown = [...missing].filter((id) => !places.has(id));
  if (unknown.length > 0)
    throw new FormatError(`unit ${JSON.stringify(unknown[0])} is not in the source`, {
      file: options.fileName,
    });
  for (const id of ordered) {
    const place = places.get(id)!;
    let container = 0;
    let i = 0;
    for (; i < place.steps.length - 1; i++) {
      const child = childOf(doc, container, place.steps[i]!);
      if (child < 0) break;
      const wanted = source.kind(sourceChild(place, i));
      if (doc.kind(child) !== wanted)
        throw fail(
          `${describe(place.steps, i)} is not an ${wanted === ARRAY ? 'array' : 'object'} as in the source`,
          doc.start(child),
        );
      container = child;
    }
    if (i === place.steps.length - 1 && !place.group) {
      const child = childOf(doc, container, place.steps[i]!);
      if (child >= 0 && doc.kind(child) !== STRING)
        throw fail(`${describe(place.steps, i)} is not a string as in the source`, doc.start(child));
    }
    const slot = byContainer.get(container) ?? { sourceContainer: place.containers[i]!, nodes: new Map() };
    byContainer.set(container, slot);
    let nodes = slot.nodes;
    for (let j = i; j < place.steps.length; j++) {
      const step = place.steps[j]!;
      const last = j === place.steps.length - 1;
      let node = nodes.get(step);
      if (!node) {
        const value = last ? place.value : sourceChild(place, j);
        const kind = last
          ? place.group
            ? 'plural'
            : 'text'
          : source.kind(value) === ARRAY
            ? 'array'
            : 'object';
        node = { kind, source: value, children: new Map() };
        if (last) {
          node.text = changes.set.get(id);
          node.group = place.group;
        }
        nodes.set(step, node);
      }
      nodes = node.children;
    }
  }
  const layout = targetLayout(doc, source);
  const escapeText = escaperFor(doc);
  const writer = new Writer(layout, escapeText, options.targetLang);
  const edits: Edit[] = [];
  for (const [container, { sourceContainer, nodes }] of byContainer) {
    edits.push(...containerInsertions(doc, source, container, sourceContainer, nodes, writer, fail));
  }
  return edits;
}

/** The source value event at step `i` of a place (the container the next step is in). */
function sourceChild(place: SourcePlace, i: number): number {
  return place.containers[i + 1] ?? place.value;
}

function describe(steps: readonly Step[], i: number): string {
  return JSON.stringify(steps.slice(0, i + 1).join('.'));
}

/** The value event at a step inside a target container, or -1. */
function childOf(doc: JsonDoc, container: number, step: Step): number {
  if (typeof step === 'number')
    return doc.kind(container) === ARRAY ? (doc.items(container)[step] ?? -1) : -1;
  return doc.kind(container) === OBJECT ? doc.member(container, step) : -1;
}

function targetLayout(doc: JsonDoc, source: JsonDoc): JsonLayout {
  const own = detectLayout(doc);
  const other = detectLayout(source);
  return {
    newline: own.newline ?? other.newline ?? '\n',
    indent: own.indent ?? other.indent ?? '  ',
    colon: own.colon ?? other.colon ?? ': ',
  };
}

/** Renders new members as text in the target's layout. */
class Writer {
  readonly layout: JsonLayout;
  readonly escape: (value: string) => string;
  readonly targetLang: string;

  constructor(layout: JsonLayout, escapeText: (value: string) => string, targetLang: string) {
    this.layout = layout;
    this.escape = escapeText;
    this.targetLang = targetLang;
  }

  /** The member texts a node makes (a plural node makes one per form). */
  members(step: Step, node: NewNode, indent: string): string[] {
    const key = typeof step === 'number' ? '' : `"${this.escape(step)}"${this.layout.colon}`;
    if (node.kind === 'text') {
      if (typeof node.text !== 'string')
        throw new FormatError(
          `translation of ${JSON.stringify(step)} has plural forms but the unit is not plural`,
        );
      return [`${key}"${this.escape(node.text)}"`];
    }
    if (node.kind === 'plural') {
      const group = node.group!;
      const type = group.ordinal ? 'ordinal' : 'cardinal';
      const forms = formsToWrite(node.text!, this.targetLang, type, group.members[0]! >= 0);
      return CATEGORY_ORDER.filter((c) => forms.has(c)).map(
        (c) => `"${this.escape(pluralKey(group, c))}"${this.layout.colon}"${this.escape(forms.get(c)!)}"`,
      );
    }
    const { newline } = this.layout;
    const inner = newline === '' ? '' : indent + this.layout.indent;
    const items = [...node.children].flatMap(([s, child]) => this.members(s, child, inner));
    const [open, close] = node.kind === 'array' ? ['[', ']'] : ['{', '}'];
    return [`${key}${open}${newline}${inner}${items.join(`,${newline}${inner}`)}${newline}${indent}${close}`];
  }
}

/**
 * The insertions into one target container: each new member goes after the nearest source
 * sibling before it that the target holds, else before the nearest one after it, else at the end.
 */
function containerInsertions(
  doc: JsonDoc,
  source: JsonDoc,
  container: number,
  sourceContainer: number,
  nodes: Map<Step, NewNode>,
  writer: Writer,
  fail: (message: string, at: number) => FormatError,
): Edit[] {
  const members = membersOf(doc, container);
  const indent = memberIndent(doc, container, writer.layout);
  const separator = separatorIn(doc, container, writer.layout);
  if (doc.kind(container) === ARRAY) {
    let length = members.length;
    const written: string[] = [];
    for (const [step, node] of [...nodes].sort((a, b) => (a[0] as number) - (b[0] as number))) {
      if (step !== length)
        throw fail(`cannot insert item ${step} into an array of ${length} items`, doc.start(container));
      length++;
      written.push(...writer.members(step, node, indent));
    }
    const last = members.at(-1);
    if (last === undefined) return [fillEmpty(doc, container, written, writer.layout, indent)];
    const at = doc.end(last);
    return [{ start: at, end: at, replacement: written.map((w) => separator + w).join('') }];
  }
  // The target's plural groups, so that a new member goes around a whole group.
  const entries = doc.derive(jsonEntries);
  const groupOf = new Map<number, number[]>();
  for (const group of entries.conventions.groups) {
    if (group.object !== container) continue;
    const keys = group.members.filter((k) => k >= 0);
    for (const k of keys) groupOf.set(k, keys);
  }
  const sourceNames = sourceOrder(source, sourceContainer);
  const after = new Map<number, string[]>();
  const before = new Map<number, string[]>();
  const atEnd: string[] = [];
  const present = (name: string) => {
    const value = doc.member(container, name);
    return value < 0 ? -1 : value - 1;
  };
  for (const [step, node] of nodes) {
    const name = step as string;
    const own = new Set(node.group ? CATEGORY_ORDER.map((c) => pluralKey(node.group!, c)) : [name]);
    const position = sourceNames.findIndex((n) => own.has(n));
    const written = writer.members(step, node, indent);
    let anchor = -1;
    for (let p = position - 1; p >= 0 && anchor < 0; p--)
      if (!own.has(sourceNames[p]!)) anchor = present(sourceNames[p]!);
    if (anchor >= 0) {
      const last = Math.max(...(groupOf.get(anchor) ?? [anchor]));
      push(after, last, written);
      continue;
    }
    for (let p = position + 1; p < sourceNames.length && anchor < 0; p++)
      if (!own.has(sourceNames[p]!)) anchor = present(sourceNames[p]!);
    if (anchor >= 0) push(before, Math.min(...(groupOf.get(anchor) ?? [anchor])), written);
    else atEnd.push(...written);
  }
  const last = members.at(-1);
  if (atEnd.length > 0 && last !== undefined) push(after, last, atEnd);
  const edits: Edit[] = anchoredInsertions(doc, after, before, separator);
  if (atEnd.length > 0 && last === undefined)
    edits.push(fillEmpty(doc, container, atEnd, writer.layout, indent));
  return edits;
}

function push(map: Map<number, string[]>, key: number, written: string[]): void {
  const list = map.get(key);
  if (list) list.push(...written);
  else map.set(key, [...written]);
}

/** Member names of a source object in file order. */
function sourceOrder(source: JsonDoc, container: number): string[] {
  return source.keys(container).map((k) => source.string(k));
}

/** The edit that fills an empty container with members. */
function fillEmpty(
  doc: JsonDoc,
  container: number,
  written: string[],
  layout: JsonLayout,
  indent: string,
): Edit {
  const { newline } = layout;
  const closing = newline === '' ? '' : lineIndent(doc.text, doc.start(container));
  const inside = `${newline}${indent}${written.join(`,${newline}${indent}`)}${newline}${closing}`;
  return { start: doc.start(container) + 1, end: doc.end(container) - 1, replacement: inside };
}
