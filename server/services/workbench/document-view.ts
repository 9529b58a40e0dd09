import type { PluralCategory, PluralForms } from '../../../src/formats/model.ts';
import { unitPlaceholderIssues } from '../../../src/qa/placeholders.ts';
import type { UnitIssue } from '../../../src/qa/types.ts';
import type { Db } from '../../store/db.ts';
import { progressBy } from '../../store/jobs/progress.ts';
import { countSegments, segmentPage, segmentPosition } from '../../store/jobs/segments.ts';
import { getMemory } from '../../store/memories.ts';
import type { SegmentStatus } from '../../store/schema.ts';
import { mtContextOf, segmentContexts, type UnitContextView } from '../unit-context.ts';
import { type DocumentRow, type OwnedProject, ownedDocument } from './access.ts';
import { openStatuses, type Progress, progressOf, type StageInfo, stageInfo } from './progress.ts';
import { targetCategories } from './segment-edit.ts';
import type { SuggestionSource, Suggestions } from './suggestions.ts';

/** Segments shown per editor page. */
export const PAGE_SIZE = 50;

export interface EditorSegment {
  id: number;
  position: number;
  source: string;
  sourcePlural: PluralForms | undefined;
  target: string | null;
  targetPlural: PluralForms | undefined;
  status: SegmentStatus;
  origin: string | null;
  matchScore: number;
  context: string | null;
  notes: string | null;
  maxLength: number | null;
  words: number;
  updatedBy: string | null;
  /** What translators are told: description, placeholder meanings, owners, platform notes. */
  unitContext: UnitContextView | undefined;
  /** Placeholder QA of the current target against the source (QA's placeholder rule set). */
  issues: UnitIssue[];
  suggestions: Suggestions;
}

export interface DocumentView extends OwnedProject {
  document: DocumentRow;
  stage: StageInfo;
  progress: Progress;
  segments: EditorSegment[];
  /** Plural categories of the target language, in the order forms are asked for. */
  targetCategories: PluralCategory[];
  page: number;
  pages: number;
  /** Segments matching the filter (all pages). */
  matching: number;
  unconfirmedOnly: boolean;
  mtProblem: string | undefined;
}

const parsePlural = (json: string | null) => (json === null ? undefined : (JSON.parse(json) as PluralForms));

/**
 * Placeholder issues of a target, by the rule set the QA check and the pull request body use
 * (plural forms compared as a union, and `other` on its own).
 */
export function placeholderIssues(
  source: string,
  sourcePlural: PluralForms | undefined,
  target: string | null,
  targetPlural: PluralForms | undefined,
): UnitIssue[] {
  const translation = targetPlural ?? target;
  if (!translation) return [];
  return unitPlaceholderIssues(sourcePlural ?? source, translation);
}

/**
 * One page of a document's editor: segments in file order with TM matches, the MT suggestion and
 * placeholder QA; undefined when the document is not the organization's.
 */
export async function documentView(
  deps: { db: Db; suggest: SuggestionSource },
  organizationId: number,
  documentId: number,
  options: { page: number; unconfirmedOnly: boolean },
): Promise<DocumentView | undefined> {
  const { db } = deps;
  const owned = await ownedDocument(db, organizationId, documentId);
  if (!owned) return undefined;
  const { project } = owned;
  const stage = stageInfo(owned.template, project.stage);
  const filter = { statuses: options.unconfirmedOnly ? openStatuses(stage) : undefined };
  const matching = await countSegments(db, documentId, filter);
  const pages = Math.max(1, Math.ceil(matching / PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(options.page) || 1), pages);
  const rows = await segmentPage(db, documentId, filter, {
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const memory = await getMemory(db, organizationId, project.memory_id);
  const contexts = await segmentContexts(db, organizationId, owned.document.name, rows);
  const segments = rows.map((r) => ({
    id: r.id,
    source: r.source,
    sourcePlural: parsePlural(r.source_plural),
    context: mtContextOf(contexts.get(r.unit_id)),
  }));
  const { byId, mtProblem } = memory
    ? await deps.suggest(organizationId, memory, project, segments)
    : { byId: new Map<number, Suggestions>(), mtProblem: 'The project has no memory.' };
  const progress = progressOf(await progressBy(db, 'document', [documentId]), documentId);
  return {
    ...owned,
    stage,
    progress,
    targetCategories: targetCategories(project),
    page,
    pages,
    matching,
    unconfirmedOnly: options.unconfirmedOnly,
    mtProblem,
    segments: rows.map((r) => {
      const sourcePlural = parsePlural(r.source_plural);
      const targetPlural = parsePlural(r.target_plural);
      return {
        id: r.id,
        position: r.position,
        source: r.source,
        sourcePlural,
        target: r.target,
        targetPlural,
        status: r.status,
        origin: r.origin,
        matchScore: r.match_score,
        context: r.context,
        notes: r.notes,
        // The repository's limit (a context rule) over the file's own.
        maxLength: contexts.get(r.unit_id)?.maxLength ?? r.max_length,
        words: r.words,
        updatedBy: r.updated_by,
        unitContext: contexts.get(r.unit_id),
        issues: placeholderIssues(r.source, sourcePlural, r.target, targetPlural),
        suggestions: byId.get(r.id) ?? { tm: [], mt: undefined },
      };
    }),
  };
}

/**
 * The editor page a segment is on, with or without the unconfirmed filter; 1 when the document is
 * not the organization's or the segment is not in it.
 */
export async function pageOfSegment(
  db: Db,
  organizationId: number,
  documentId: number,
  segmentId: number,
  unconfirmedOnly: boolean,
): Promise<number> {
  const owned = await ownedDocument(db, organizationId, documentId);
  const position = await segmentPosition(db, documentId, segmentId);
  if (!owned || position === undefined) return 1;
  const before = await countSegments(db, documentId, {
    before: position,
    statuses: unconfirmedOnly ? openStatuses(stageInfo(owned.template, owned.project.stage)) : undefined,
  });
  return Math.floor(before / PAGE_SIZE) + 1;
}
