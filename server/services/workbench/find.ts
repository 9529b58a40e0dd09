import type { PluralForms } from '../../../src/formats/model.ts';
import type { UnitIssue } from '../../../src/qa/types.ts';
import type { DocumentSegmentRow } from '../../store/jobs/segments.ts';
import type { SegmentStatus } from '../../store/schema.ts';
import { PAGE_SIZE as EDITOR_PAGE_SIZE } from './document-view.ts';
import { segmentIssues } from './qa-memo.ts';
import {
  compileQuery,
  keyMatches,
  matchRanges,
  type Range,
  RegexTimeoutError,
  type TextQuery,
  withinBudget,
} from './text-match.ts';

/**
 * Filters and text search over a document's or a job's segments, with counts per filter value
 * (the pages built on it: find-results.ts).
 */

export const STATUSES: readonly SegmentStatus[] = ['new', 'draft', 'translated', 'confirmed', 'reviewed'];

/**
 * TM score bands of a segment's best match at import (`match_score`): the bands CAT tools bill
 * and report by. 101 % is an in-context exact match.
 */
export const BANDS = [
  { id: 'exact', label: 'Exact (100–101 %)', min: 100 },
  { id: '95', label: 'Fuzzy 95–99 %', min: 95 },
  { id: '85', label: 'Fuzzy 85–94 %', min: 85 },
  { id: '75', label: 'Fuzzy 75–84 %', min: 75 },
  { id: 'new', label: 'No match (under 75 %)', min: Number.NEGATIVE_INFINITY },
] as const;
export type BandId = (typeof BANDS)[number]['id'];

export const QA_VALUES = [
  { id: 'issues', label: 'Placeholder issues' },
  { id: 'clean', label: 'No issues' },
] as const;
export type QaValue = (typeof QA_VALUES)[number]['id'];

export type TextScope = 'source' | 'target' | 'both';

/** What to look for; an empty list or text means "any". */
export interface FindCriteria {
  statuses: SegmentStatus[];
  qa: QaValue[];
  bands: BandId[];
  /** Unit id: a glob with `*` and `?`, otherwise a substring (case-insensitive). */
  key: string;
  text: (TextQuery & { scope: TextScope }) | undefined;
}

export const NO_CRITERIA: FindCriteria = { statuses: [], qa: [], bands: [], key: '', text: undefined };

/** One text of a segment (a plural unit has one per form) with the ranges the search matched. */
export interface FoundText {
  category: string | undefined;
  text: string;
  ranges: Range[];
}

export interface FoundSegment {
  id: number;
  documentId: number;
  unitId: string;
  /** 1-based number of the segment in its document. */
  number: number;
  /** The editor page the segment is on (unfiltered). */
  editorPage: number;
  status: SegmentStatus;
  matchScore: number;
  source: FoundText[];
  target: FoundText[];
  issues: UnitIssue[];
}

/** Counts per value of each filter, each counted with the other filters applied (faceted search). */
export interface Facets {
  status: Record<SegmentStatus, number>;
  qa: Record<QaValue, number>;
  band: Record<BandId, number>;
}

const parsePlural = (json: string | null) => (json === null ? undefined : (JSON.parse(json) as PluralForms));

/** A segment's texts: its source (or source forms) and its target (or target forms; none when empty). */
export function textsOf(
  row: Pick<DocumentSegmentRow, 'source' | 'source_plural' | 'target' | 'target_plural'>,
) {
  const sourcePlural = parsePlural(row.source_plural);
  const targetPlural = parsePlural(row.target_plural);
  const forms = (plural: PluralForms | undefined, text: string | null) =>
    plural
      ? Object.entries(plural).map(([category, t]) => ({ category, text: t ?? '' }))
      : text === null
        ? []
        : [{ category: undefined, text }];
  return {
    sourcePlural,
    targetPlural,
    source: forms(sourcePlural, row.source),
    target: forms(targetPlural, row.target),
  };
}

/** The band of a TM score. */
export function bandOf(score: number): BandId {
  return BANDS.find((b) => score >= b.min)?.id ?? 'new';
}

interface Evaluated {
  row: DocumentSegmentRow;
  index: number;
  band: BandId;
  qa: QaValue;
  issues: UnitIssue[];
}

export type Evaluation =
  | { problem: string }
  /**
   * `evaluated`: the segments passing the key and text filters (the ones without counts);
   * `marked` gives the texts of some of them with the search's ranges, for showing them.
   */
  | {
      evaluated: Evaluated[];
      facets: Facets;
      matches: Evaluated[];
      marked: (list: Evaluated[]) => FoundSegment[];
    };

/** Whether `regex` has a non-empty match in `text` (empty matches mark nothing, as in matchRanges). */
function hasMatch(regex: RegExp, text: string): boolean {
  regex.lastIndex = 0;
  const first = regex.exec(text);
  if (!first) return false;
  if (first[0] !== '') return true;
  for (const m of text.matchAll(regex)) if (m[0] !== '') return true;
  return false;
}

/** Whether `regex` matches a text column, or one of the forms of a plural column. */
function columnMatches(regex: RegExp, text: string | null, plural: string | null): boolean {
  if (plural !== null)
    return Object.values(JSON.parse(plural) as PluralForms).some((t) => hasMatch(regex, t ?? ''));
  return text !== null && hasMatch(regex, text);
}

/**
 * Runs the criteria over segments (in order; `index` is each one's place in its document): the
 * text search under the regex time budget, then placeholder QA (the QA check's rules) of the
 * segments the key and text filters let through.
 */
export function evaluate(rows: DocumentSegmentRow[], criteria: FindCriteria): Evaluation {
  const compiled = criteria.text ? compileQuery(criteria.text) : undefined;
  if (compiled && 'problem' in compiled) return { problem: compiled.problem };
  const regex = compiled?.regex;
  const scope = criteria.text?.scope ?? 'both';
  const indexOf = new Map<number, number>();
  const passing: { row: DocumentSegmentRow; index: number }[] = [];
  for (const row of rows) {
    const index = indexOf.get(row.document_id) ?? 0;
    indexOf.set(row.document_id, index + 1);
    if (criteria.key === '' || keyMatches(criteria.key, row.unit_id)) passing.push({ row, index });
  }
  let hits = passing;
  if (regex) {
    // Only the regular expression runs under the budget: QA and rendering are ours and linear.
    try {
      hits = withinBudget(() =>
        passing.filter(
          ({ row }) =>
            (scope !== 'target' && columnMatches(regex, row.source, row.source_plural)) ||
            (scope !== 'source' && columnMatches(regex, row.target, row.target_plural)),
        ),
      );
    } catch (err) {
      if (err instanceof RegexTimeoutError) return { problem: err.message };
      throw err;
    }
  }
  const evaluated: Evaluated[] = hits.map(({ row, index }) => {
    const issues = segmentIssues(row);
    return { row, index, band: bandOf(row.match_score), qa: issues.length > 0 ? 'issues' : 'clean', issues };
  });
  const facets: Facets = {
    status: Object.fromEntries(STATUSES.map((s) => [s, 0])) as Facets['status'],
    qa: { issues: 0, clean: 0 },
    band: Object.fromEntries(BANDS.map((b) => [b.id, 0])) as Facets['band'],
  };
  const okStatus = (e: Evaluated) =>
    criteria.statuses.length === 0 || criteria.statuses.includes(e.row.status);
  const okQa = (e: Evaluated) => criteria.qa.length === 0 || criteria.qa.includes(e.qa);
  const okBand = (e: Evaluated) => criteria.bands.length === 0 || criteria.bands.includes(e.band);
  const matches: Evaluated[] = [];
  for (const e of evaluated) {
    const [s, q, b] = [okStatus(e), okQa(e), okBand(e)];
    if (q && b) facets.status[e.row.status]++;
    if (s && b) facets.qa[e.qa]++;
    if (s && q) facets.band[e.band]++;
    if (s && q && b) matches.push(e);
  }
  const mark = (list: Evaluated[], withRanges: boolean) =>
    list.map((e) => {
      const texts = textsOf(e.row);
      const marks = (forms: { category: string | undefined; text: string }[], searched: boolean) =>
        forms.map((t) => ({
          ...t,
          ranges: regex && withRanges && searched ? matchRanges(regex, t.text) : [],
        }));
      return found(e, marks(texts.source, scope !== 'target'), marks(texts.target, scope !== 'source'));
    });
  // The same expression already ran over these texts within the budget, so marking one page is
  // quick; should it still run out, the results are shown unmarked rather than not at all.
  const marked = (list: Evaluated[]) => {
    try {
      return withinBudget(() => mark(list, true));
    } catch (err) {
      if (err instanceof RegexTimeoutError) return mark(list, false);
      throw err;
    }
  };
  return { evaluated, facets, matches, marked };
}

/** The result item of an evaluated segment, with its texts marked. */
function found(e: Evaluated, source: FoundText[], target: FoundText[]): FoundSegment {
  return {
    id: e.row.id,
    documentId: e.row.document_id,
    unitId: e.row.unit_id,
    number: e.index + 1,
    editorPage: Math.floor(e.index / EDITOR_PAGE_SIZE) + 1,
    status: e.row.status,
    matchScore: e.row.match_score,
    source,
    target,
    issues: e.issues,
  };
}
