import type { PluralForms } from '../../../src/formats/model.ts';
import type { UnitIssue } from '../../../src/qa/types.ts';
import { placeholderIssues } from './document-view.ts';

/**
 * Placeholder QA of many segments at once (find's counts, a replace's preview of thousands of
 * changes), remembered per text: the QA check scans each text with every placeholder syntax, about
 * 0.1 ms a segment, and find, its result pages, the preview and the apply read the same texts one
 * after the other. A bounded map, oldest entry out first.
 */
const MAX_ENTRIES = 50_000;
const memo = new Map<string, UnitIssue[]>();

const part = (value: string | null) => (value === null ? '\u0001' : `\u0002${value}`);

/** The placeholder issues of a segment's target (texts as stored: plural forms as JSON). */
export function segmentIssues(row: {
  source: string;
  source_plural: string | null;
  target: string | null;
  target_plural: string | null;
}): UnitIssue[] {
  const key = `${part(row.source)}\u0000${part(row.source_plural)}\u0000${part(row.target)}\u0000${part(row.target_plural)}`;
  const known = memo.get(key);
  if (known) return known;
  const parse = (json: string | null) => (json === null ? undefined : (JSON.parse(json) as PluralForms));
  const issues = placeholderIssues(
    row.source,
    parse(row.source_plural),
    row.target,
    parse(row.target_plural),
  );
  if (memo.size >= MAX_ENTRIES) memo.delete(memo.keys().next().value!);
  memo.set(key, issues);
  return issues;
}
