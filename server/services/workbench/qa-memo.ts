import type { PluralForms } from '../../../src/formats/model.ts';
import type { UnitIssue } from '../../../src/qa/types.ts';
import { placeholderIssues } from './document-view.ts';

/**
 * Placeholder QA of many segments at once (find's counts, a replace's preview of thousands of
 * changes), remembered per text: the QA check scans each text with every placeholder syntax, about
 * 0.1 ms a segment, and find, its result pages, the preview and the apply read the same texts one
 * after the other. Bounded: once full, it starts over.
 */
const MAX_ENTRIES = 50_000;
/** By source, then by target (plural texts as their JSON, marked apart from plain ones). */
let memo = new Map<string, Map<string, UnitIssue[]>>();
let entries = 0;
const NONE: UnitIssue[] = Object.freeze([]) as unknown as UnitIssue[];

/** The placeholder issues of a segment's target (texts as stored: plural forms as JSON). */
export function segmentIssues(row: {
  source: string;
  source_plural: string | null;
  target: string | null;
  target_plural: string | null;
}): UnitIssue[] {
  // Nothing to check without a translation (and no entry that a target could be mistaken for).
  if (row.target === null && row.target_plural === null) return NONE;
  const sourceKey = row.source_plural === null ? row.source : `\u0000${row.source_plural}`;
  const targetKey = row.target_plural === null ? row.target! : `\u0000${row.target_plural}`;
  let byTarget = memo.get(sourceKey);
  const known = byTarget?.get(targetKey);
  if (known) return known;
  const parse = (json: string | null) => (json === null ? undefined : (JSON.parse(json) as PluralForms));
  const issues = placeholderIssues(
    row.source,
    parse(row.source_plural),
    row.target,
    parse(row.target_plural),
  );
  // Bounded: once full, start over (cheaper than tracking age, and the next page refills it).
  if (entries >= MAX_ENTRIES) {
    memo = new Map();
    entries = 0;
    byTarget = undefined;
  }
  if (!byTarget) {
    byTarget = new Map();
    memo.set(sourceKey, byTarget);
  }
  byTarget.set(targetKey, issues);
  entries++;
  return issues;
}
