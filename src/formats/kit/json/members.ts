/**
 * Taking members out of and putting members into JSON objects and arrays in a file's own layout
 * (DESIGN §7): shared by the JSON and ARB `edit`.
 */

import type { Edit } from '../../file-text.ts';
import { lineIndent } from '../line-edit.ts';
import { ARRAY, type JsonDoc, OBJECT } from './tokens.ts';

/** The container event holding each event (-1 for the root): keys and values of a member alike. */
export function parentsOf(doc: JsonDoc): Int32Array {
  const parents = new Int32Array(doc.count).fill(-1);
  const walk = (container: number) => {
    const stop = doc.next(container);
    if (doc.kind(container) === OBJECT) {
      for (let k = container + 1; k < stop; k = doc.next(k + 1)) {
        parents[k] = container;
        parents[k + 1] = container;
        const kind = doc.kind(k + 1);
        if (kind === OBJECT || kind === ARRAY) walk(k + 1);
      }
    } else {
      for (let e = container + 1; e < stop; e = doc.next(e)) {
        parents[e] = container;
        const kind = doc.kind(e);
        if (kind === OBJECT || kind === ARRAY) walk(e);
      }
    }
  };
  walk(0);
  return parents;
}

/** The first event of each member of a container: key events of an object, item events of an array. */
export function membersOf(doc: JsonDoc, container: number): number[] {
  return doc.kind(container) === OBJECT ? doc.keys(container) : doc.items(container);
}

/** The event that ends a member (its value): `member + 1` in an object, the item itself in an array. */
export function memberValue(doc: JsonDoc, container: number, member: number): number {
  return doc.kind(container) === OBJECT ? member + 1 : member;
}

/**
 * The member event of a value event inside `container` (its key in an object, itself in an
 * array): what removing the value takes out.
 */
export function memberOfValue(doc: JsonDoc, container: number, value: number): number {
  return doc.kind(container) === OBJECT ? value - 1 : value;
}

/**
 * Edits that take members out of a container so that commas and whitespace stay tidy: a run of
 * removed members followed by a kept one goes up to the kept one's start; a trailing run goes
 * from the previous kept member's end; when none is kept, the container's inside is emptied.
 */
export function removeMembers(doc: JsonDoc, container: number, removed: ReadonlySet<number>): Edit[] {
  const edits: Edit[] = [];
  const members = membersOf(doc, container);
  let runStart = -1;
  for (let i = 0; i <= members.length; i++) {
    const member = members[i];
    if (member !== undefined && removed.has(member)) {
      if (runStart < 0) runStart = i;
      continue;
    }
    if (runStart < 0) continue;
    const first = members[runStart]!;
    if (member !== undefined) {
      edits.push({ start: doc.start(first), end: doc.start(member), replacement: '' });
    } else {
      const kept = members[runStart - 1];
      const last = memberValue(doc, container, members[i - 1]!);
      if (kept !== undefined)
        edits.push({
          start: doc.end(memberValue(doc, container, kept)),
          end: doc.end(last),
          replacement: '',
        });
      else edits.push({ start: doc.start(container) + 1, end: doc.end(container) - 1, replacement: '' });
    }
    runStart = -1;
  }
  return edits;
}

/** How a file lays out its members, detected once from the target (or the source when the target shows none). */
export interface JsonLayout {
  /** Line ending, or '' for a file written on one line. */
  newline: string;
  /** One level of indentation. */
  indent: string;
  /** What stands between a key and its value (`: `, `:`). */
  colon: string;
}

/** The layout of a document, or undefined for what it does not show (no members). */
export function detectLayout(doc: JsonDoc): Partial<JsonLayout> {
  const text = doc.text;
  const out: Partial<JsonLayout> = {};
  const crlf = text.indexOf('\r\n');
  const lf = text.indexOf('\n');
  if (lf >= 0) out.newline = crlf >= 0 && crlf < lf ? '\r\n' : '\n';
  const root = 0;
  const members = doc.kind(root) === OBJECT || doc.kind(root) === ARRAY ? membersOf(doc, root) : [];
  const first = members[0];
  if (first !== undefined) {
    const before = text.slice(doc.start(root) + 1, doc.start(first));
    const nl = before.lastIndexOf('\n');
    if (nl >= 0) out.indent = before.slice(nl + 1);
    else if (lf < 0) out.newline = '';
  }
  // The first object member anywhere gives the colon.
  for (let e = 0; e < doc.count; e++) {
    if (doc.kind(e) === OBJECT && doc.next(e) > e + 1) {
      out.colon = text.slice(doc.end(e + 1), doc.start(e + 2));
      break;
    }
  }
  return out;
}

/**
 * The text between two members of a container (`,\n    ` in a pretty file, `,` in a minified
 * one), taken from the container's own members; for a container with fewer than two, built from
 * the indentation of its first member or of its line.
 */
export function separatorIn(doc: JsonDoc, container: number, layout: JsonLayout): string {
  const members = membersOf(doc, container);
  const text = doc.text;
  if (members.length >= 2) {
    const a = memberValue(doc, container, members[0]!);
    return text.slice(doc.end(a), doc.start(members[1]!));
  }
  return `,${layout.newline}${memberIndent(doc, container, layout)}`;
}

/** The indentation of a container's members: its first member's, else one level deeper than its line. */
export function memberIndent(doc: JsonDoc, container: number, layout: JsonLayout): string {
  if (layout.newline === '') return '';
  const first = membersOf(doc, container)[0];
  if (first !== undefined) {
    const before = doc.text.slice(doc.start(container) + 1, doc.start(first));
    const nl = before.lastIndexOf('\n');
    if (nl >= 0) return before.slice(nl + 1);
  }
  return lineIndent(doc.text, doc.start(container)) + layout.indent;
}

/**
 * The insertions of new members written out: each list after the member (key event) it follows,
 * or before the one it precedes, joined by the container's separator.
 */
export function anchoredInsertions(
  doc: JsonDoc,
  after: ReadonlyMap<number, readonly string[]>,
  before: ReadonlyMap<number, readonly string[]>,
  separator: string,
): Edit[] {
  const edits: Edit[] = [];
  for (const [key, written] of after) {
    const at = doc.end(key + 1);
    edits.push({ start: at, end: at, replacement: written.map((w) => separator + w).join('') });
  }
  for (const [key, written] of before) {
    const at = doc.start(key);
    edits.push({ start: at, end: at, replacement: written.map((w) => w + separator).join('') });
  }
  return edits;
}
