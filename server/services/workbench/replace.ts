import { hash } from 'node:crypto';
import type { PluralForms } from '../../../src/formats/model.ts';
import type { UnitIssue } from '../../../src/qa/types.ts';
import type { Db } from '../../store/db.ts';
import { type SegmentState, segmentsOfDocuments } from '../../store/jobs/replacements.ts';
import type { DocumentSegmentRow } from '../../store/jobs/segments.ts';
import { type DocumentRow, type OwnedProject, ownedDocument } from './access.ts';
import { PAGE_SIZE as EDITOR_PAGE_SIZE } from './document-view.ts';
import { evaluate, type FindCriteria, textsOf } from './find.ts';
import { segmentIssues } from './qa-memo.ts';
import { isLocked } from './segment-edit.ts';
import { compileQuery, type Range, RegexTimeoutError, replaceAll, withinBudget } from './text-match.ts';

/**
 * Search and replace in a document's translations: what a replace changes in a segment, and the
 * preview of every change with placeholder QA on the result (applying it and its undo:
 * replacements.ts).
 */

/** Changes one replace makes at most; a larger one is applied in rounds (preview again for the rest). */
export const MAX_CHANGES = 5000;

/** One text of a change: before and after, with the replaced and the inserted stretches. */
export interface ChangedText {
  category: string | undefined;
  before: string;
  beforeRanges: Range[];
  after: string;
  afterRanges: Range[];
}

export interface PreviewChange {
  id: number;
  unitId: string;
  number: number;
  /** The editor page the segment is on (unfiltered). */
  editorPage: number;
  status: DocumentSegmentRow['status'];
  /** The segment as the preview saw it: apply refuses the change once this differs. */
  version: string;
  texts: ChangedText[];
  issuesBefore: UnitIssue[];
  issuesAfter: UnitIssue[];
  /** The result has a placeholder problem the current target does not: left out unless ticked. */
  flagged: boolean;
}

export interface Preview extends OwnedProject {
  document: DocumentRow;
  locked: boolean;
  changes: PreviewChange[];
  /** Further changes beyond MAX_CHANGES, for a later round. */
  more: number;
}

export type Owned = OwnedProject & { document: DocumentRow };

/** The editor page a segment is on (unfiltered). */
export const pageOf = (row: { position: number }) => Math.floor(row.position / EDITOR_PAGE_SIZE) + 1;

/** A fingerprint of what a segment holds (text, status, last change): any edit changes it. */
export function versionOf(row: SegmentState): string {
  const state = JSON.stringify([row.target, row.target_plural, row.status, row.updated_at]);
  return hash('sha256', state, 'base64url').slice(0, 16);
}

/** Replace works on translations: the text filter is matched against targets only. */
export function onTargets(criteria: FindCriteria): FindCriteria | { problem: string } {
  if (!criteria.text) return { problem: 'Type the text to replace in “Find”.' };
  if (criteria.text.scope === 'source')
    return {
      problem:
        'Replace changes translations, never the source: search in “Target” or “Source and target” to replace.',
    };
  return { ...criteria, text: { ...criteria.text, scope: 'target' } };
}

const issueKeys = (issues: UnitIssue[]) => issues.map((i) => `${i.rule}\u0000${i.message}`);

/** Whether `after` has a placeholder issue `before` does not (counted, so a second copy counts). */
function introducesIssue(before: UnitIssue[], after: UnitIssue[]): boolean {
  const left = issueKeys(before);
  for (const key of issueKeys(after)) {
    const i = left.indexOf(key);
    if (i < 0) return true;
    left.splice(i, 1);
  }
  return false;
}

/** The segment's target after the replace (text, or every plural form), or undefined when nothing changes. */
export function replaced(
  row: DocumentSegmentRow,
  regex: RegExp,
  replacement: string,
  mode: 'plain' | 'regex',
): { target: string | null; targetPlural: string | null; texts: ChangedText[] } | undefined {
  const { target: forms, targetPlural } = textsOf(row);
  const texts: ChangedText[] = [];
  let changed = false;
  for (const form of forms) {
    const out = replaceAll(regex, form.text, replacement, mode);
    const after = out?.text ?? form.text;
    if (after !== form.text) changed = true;
    texts.push({
      category: form.category,
      before: form.text,
      beforeRanges: out?.matched ?? [],
      after,
      afterRanges: out?.ranges ?? [],
    });
  }
  if (!changed) return undefined;
  if (targetPlural) {
    const next = Object.fromEntries(texts.map((t) => [t.category, t.after])) as PluralForms;
    // Emptied forms stay as empty strings, as the editor stores a partly filled plural.
    const filled = Object.values(next).some((v) => v !== '');
    return { target: null, targetPlural: filled ? JSON.stringify(next) : null, texts };
  }
  const text = texts[0]!.after;
  return { target: text === '' ? null : text, targetPlural: null, texts };
}

/** The change a replace makes to one segment, with QA before and after. */
export function changeOf(
  row: DocumentSegmentRow,
  number: number,
  next: NonNullable<ReturnType<typeof replaced>>,
  issuesBefore = segmentIssues(row),
): PreviewChange & { target: string | null; targetPlural: string | null } {
  const issuesAfter = segmentIssues({ ...row, target: next.target, target_plural: next.targetPlural });
  return {
    id: row.id,
    unitId: row.unit_id,
    number,
    editorPage: Math.floor((number - 1) / EDITOR_PAGE_SIZE) + 1,
    status: row.status,
    version: versionOf(row),
    texts: next.texts,
    issuesBefore,
    issuesAfter,
    flagged: introducesIssue(issuesBefore, issuesAfter),
    target: next.target,
    targetPlural: next.targetPlural,
  };
}

/** Every change a replace would make to the filtered segments; undefined when not the organization's. */
export async function previewReplace(
  db: Db,
  organizationId: number,
  documentId: number,
  criteria: FindCriteria,
  replacement: string,
): Promise<Preview | { problem: string; owned: Owned } | undefined> {
  const owned = await ownedDocument(db, organizationId, documentId);
  if (!owned) return undefined;
  const scoped = onTargets(criteria);
  if ('problem' in scoped) return { problem: scoped.problem, owned };
  const result = evaluate(await segmentsOfDocuments(db, [documentId]), scoped);
  if ('problem' in result) return { problem: result.problem, owned };
  const { regex } = compileQuery(scoped.text!) as { regex: RegExp };
  const mode = scoped.text!.mode;
  let replacedRows: { e: (typeof result.matches)[number]; next: ReturnType<typeof replaced> }[];
  try {
    // Only the regular expression runs under the budget; QA of the results comes after.
    replacedRows = withinBudget(() =>
      result.matches.map((e) => ({ e, next: replaced(e.row, regex, replacement, mode) })),
    );
  } catch (err) {
    if (err instanceof RegexTimeoutError) return { problem: err.message, owned };
    throw err;
  }
  const changes: PreviewChange[] = [];
  for (const { e, next } of replacedRows)
    if (next) changes.push(changeOf(e.row, e.index + 1, next, e.issues));
  return {
    ...owned,
    locked: isLocked(owned),
    changes: changes.slice(0, MAX_CHANGES),
    more: Math.max(0, changes.length - MAX_CHANGES),
  };
}
