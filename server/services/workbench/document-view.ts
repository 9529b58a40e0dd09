import type { PluralCategory, PluralForms } from '../../../src/formats/model.ts';
import { ALL_SYNTAXES, findPlaceholders } from '../../../src/formats/placeholders.ts';
import { unitPlaceholderIssues } from '../../../src/qa/placeholders.ts';
import type { UnitIssue } from '../../../src/qa/types.ts';
import type { Db } from '../../store/db.ts';
import { progressBy } from '../../store/jobs/progress.ts';
import { countSegments, segmentPage, segmentPosition } from '../../store/jobs/segments.ts';
import { getMemory } from '../../store/memories.ts';
import type { SegmentStatus } from '../../store/schema.ts';
import { mtContextOf, type UnitContextView, segmentContexts as unitContextsOf } from '../unit-context.ts';
import { type DocumentRow, type OwnedProject, ownedDocument } from './access.ts';
import {
  type Glossary,
  type GlossarySource,
  glossarySource,
  missingTerms,
  type TermHit,
} from './glossary.ts';
import { type SegmentRecord, segmentRecords } from './history.ts';
import { openStatuses, type Progress, progressOf, type StageInfo, stageInfo } from './progress.ts';
import { type UnitReference, unitReferences } from './references.ts';
import { type RepositoryContext, segmentContexts as repositoryContexts } from './segment-context.ts';
import { targetCategories } from './segment-edit.ts';
import type { SuggestionSource, Suggestions } from './suggestions.ts';

/** Segments shown per editor page. */
export const PAGE_SIZE = 50;

export interface EditorSegment {
  id: number;
  position: number;
  /** The unit's key in its file (`checkout.title`). */
  key: string;
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
  /** What a save from this page started from (a segment saved since by someone else is a conflict). */
  revision: number;
  /** What translators are told: description, placeholder meanings, owners, platform notes. */
  unitContext: UnitContextView | undefined;
  /** Placeholder QA of the current target against the source (QA's placeholder rule set), and the `term` rule's. */
  issues: UnitIssue[];
  /** The source's placeholders, each once, in order of appearance (what Alt+Shift+n inserts). */
  placeholders: string[];
  /** No translation yet, or a plural form still empty. */
  untranslated: boolean;
  suggestions: Suggestions;
  /** Its newest versions, the memory's entries for its source, its comments (history.ts). */
  record: SegmentRecord;
  /** Terms of the project's termbase the source uses: in `source`, and per plural form. */
  terms: SegmentTerms;
  /** The same unit in the job's other target languages (read-only references). */
  references: UnitReference[];
  /** Code links and screenshots from the repository, when it sent any. */
  repository?: RepositoryContext | undefined;
}

export interface SegmentTerms {
  source: TermHit[];
  forms: Partial<Record<PluralCategory, TermHit[]>>;
}

/** The terms a segment's source uses, and the QA `term` rule's findings on its translation. */
function termsOf(
  glossary: Glossary | undefined,
  source: string,
  sourcePlural: PluralForms | undefined,
  target: string | null,
  targetPlural: PluralForms | undefined,
): { terms: SegmentTerms; issues: UnitIssue[] } {
  if (!glossary || glossary.size === 0) return { terms: { source: [], forms: {} }, issues: [] };
  const forms: SegmentTerms['forms'] = {};
  for (const [c, text] of Object.entries(sourcePlural ?? {}))
    forms[c as PluralCategory] = glossary.find(text);
  const sourceText = sourcePlural ? Object.values(sourcePlural).join('\n') : source;
  const hits = sourcePlural ? Object.values(forms).flat() : glossary.find(source);
  const translation = targetPlural ? Object.values(targetPlural).join('\n') : (target ?? '');
  return {
    terms: { source: sourcePlural ? [] : hits, forms },
    issues: missingTerms(glossary, hits, sourceText, translation),
  };
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

/** No target text, or a plural target with an empty form. */
export function isUntranslated(target: string | null, targetPlural: PluralForms | undefined): boolean {
  if (targetPlural) return Object.values(targetPlural).some((form) => !form);
  return !target;
}

/** The distinct placeholders of a source (every form of a plural), in order of appearance. */
export function sourcePlaceholders(source: string, sourcePlural: PluralForms | undefined): string[] {
  const texts = sourcePlural ? Object.values(sourcePlural) : [source];
  const found = texts.flatMap((t) =>
    findPlaceholders(t, { syntaxes: ALL_SYNTAXES })
      .filter((p) => p.kind !== 'icu-branch' && p.kind !== 'icu-pound')
      .map((p) => p.text),
  );
  return [...new Set(found)];
}

/**
 * One page of a document's editor: segments in file order with TM matches, the MT suggestion and
 * placeholder QA; undefined when the document is not the organization's.
 */
export async function documentView(
  deps: { db: Db; suggest: SuggestionSource; glossary?: GlossarySource },
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
  const unitContexts = await unitContextsOf(db, organizationId, owned.document.name, rows);
  const segments = rows.map((r) => ({
    id: r.id,
    source: r.source,
    sourcePlural: parsePlural(r.source_plural),
    context: mtContextOf(unitContexts.get(r.unit_id)),
  }));
  const { byId, mtProblem } = memory
    ? await deps.suggest(organizationId, memory, project, segments)
    : { byId: new Map<number, Suggestions>(), mtProblem: 'The project has no memory.' };
  const progress = progressOf(await progressBy(db, 'document', [documentId]), documentId);
  const records = await segmentRecords(db, project.memory_id, rows);
  const glossary = memory ? await (deps.glossary ?? glossarySource(db))(memory) : undefined;
  const references = await unitReferences(
    db,
    owned,
    rows.map((r) => r.unit_id),
  );
  const repository = await repositoryContexts(
    db,
    organizationId,
    owned.document.file_id,
    rows.map((r) => r.unit_id),
    project.srclang,
  );
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
      const glossed = termsOf(glossary, r.source, sourcePlural, r.target, targetPlural);
      return {
        id: r.id,
        position: r.position,
        key: r.unit_id,
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
        maxLength: unitContexts.get(r.unit_id)?.maxLength ?? r.max_length,
        words: r.words,
        updatedBy: r.updated_by,
        unitContext: unitContexts.get(r.unit_id),
        revision: r.revision,
        issues: [...placeholderIssues(r.source, sourcePlural, r.target, targetPlural), ...glossed.issues],
        placeholders: sourcePlaceholders(r.source, sourcePlural),
        untranslated: isUntranslated(r.target, targetPlural),
        suggestions: byId.get(r.id) ?? { tm: [], mt: undefined },
        record: records.get(r.id)!,
        terms: glossed.terms,
        references: references.get(r.unit_id) ?? [],
        repository: repository.get(r.unit_id),
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
