import type { PluralForms } from '../../../src/formats/model.ts';
import type { MtProvider, MtTerm } from '../../engine/mt/index.ts';
import type { Db } from '../../store/db.ts';
import { findDocument, findDocumentProjectId } from '../../store/jobs/documents.ts';
import { projectWithMemory, visibleTerms } from '../../store/jobs/memory-lookups.ts';
import { recordVersions, type WrittenSegment } from '../../store/jobs/segment-versions.ts';
import {
  type DocumentSegmentRow,
  fillUntranslatedSegment,
  untranslatedSegments,
  untranslatedSources,
} from '../../store/jobs/segments.ts';
import { machineTranslateUnits } from '../mt-units.ts';
import type { TmCache } from '../tm-cache.ts';
import { mtContextOf, segmentContexts } from '../unit-context.ts';

export interface PretranslateOptions {
  mode: 'TM' | 'TM+MT';
  /** Confirm what is filled in (status translated) instead of leaving drafts for review. */
  autoAccept: boolean;
  caseSensitive: boolean;
  /** Who the filled segments are attributed to (attribute_to_creator). */
  attributeTo?: string | null;
}

/** Segments of documents that still need a translation, and the characters MT would receive. */
export async function untranslatedCharacters(db: Db, documentIds: number[]): Promise<number> {
  if (documentIds.length === 0) return 0;
  const rows = await untranslatedSources(db, documentIds);
  return rows.reduce(
    (n, r) =>
      n +
      (r.source_plural
        ? Object.values(JSON.parse(r.source_plural) as PluralForms).join('').length
        : r.source.length),
    0,
  );
}

/**
 * Fills segments that are still untranslated and records each as a version by `tm` or `mt`,
 * together; returns how many were filled (a segment someone translated meanwhile keeps their text).
 */
async function fill(
  db: Db,
  author: 'tm' | 'mt',
  fills: (WrittenSegment & Partial<DocumentSegmentRow>)[],
  now: number,
): Promise<number> {
  if (fills.length === 0) return 0;
  return db.transaction().execute(async (tx) => {
    const filled: WrittenSegment[] = [];
    for (const { id, ...set } of fills)
      if (await fillUntranslatedSegment(tx, id, set)) filled.push({ id, ...set });
    await recordVersions(tx, filled, { author, action: 'pretranslate' }, now);
    return filled.length;
  });
}

/**
 * Fills a document's untranslated segments: TM matches (≥ 75) first, then, in TM+MT mode, machine
 * translation with the memory's termbase. Exact matches and auto-accepted fills become
 * `translated`; fuzzy and MT fills are drafts.
 */
export async function pretranslateDocument(
  deps: { db: Db; now: () => number; tm: TmCache; mt: MtProvider },
  documentId: number,
  options: PretranslateOptions,
): Promise<{ tm: number; mt: number }> {
  const { db, now, tm, mt } = deps;
  const projectId = await findDocumentProjectId(db, documentId);
  if (projectId === undefined) throw new Error(`document ${documentId} does not exist`);
  const { project, memory } = await projectWithMemory(db, projectId);
  const segments = await untranslatedSegments(db, documentId);
  const index = memory ? await tm.get(memory.id, memory.version) : undefined;
  let fromMt = 0;
  const forMt: typeof segments = [];
  const tmFills: Parameters<typeof fill>[2] = [];
  for (const segment of segments) {
    const best = segment.source_plural
      ? undefined
      : (await index?.query(segment.source, { n: 1, caseSensitive: options.caseSensitive }))?.[0];
    if (best) {
      const exact = best.score >= 100;
      tmFills.push({
        id: segment.id,
        target: best.fixedTarget ?? best.target,
        target_plural: null,
        status: exact || options.autoAccept ? 'translated' : 'draft',
        origin: 'tm',
        updated_by: options.attributeTo ?? null,
        updated_at: now(),
      });
    } else if (options.mode === 'TM+MT') {
      forMt.push(segment);
    }
  }
  const fromTm = await fill(db, 'tm', tmFills, now());
  if (forMt.length > 0) {
    const terms: MtTerm[] = memory ? await visibleTerms(db, memory.id, 50_000) : [];
    const doc = await findDocument(db, documentId);
    const contexts = doc ? await segmentContexts(db, doc.organization_id, doc.name, forMt) : new Map();
    const translated = await machineTranslateUnits(
      mt,
      forMt.map((s) => ({
        id: s.id,
        source: s.source,
        sourcePlural: s.source_plural ? (JSON.parse(s.source_plural) as PluralForms) : undefined,
        context: mtContextOf(contexts.get(s.unit_id)),
      })),
      project,
      { terms },
    );
    const mtFills: Parameters<typeof fill>[2] = [];
    for (const s of forMt) {
      const result = translated.get(s.id)!;
      mtFills.push({
        id: s.id,
        target: typeof result === 'string' ? result : null,
        target_plural: typeof result === 'string' ? null : JSON.stringify(result),
        status: options.autoAccept ? 'translated' : 'draft',
        origin: 'mt',
        updated_by: options.attributeTo ?? null,
        updated_at: now(),
      });
    }
    fromMt = await fill(db, 'mt', mtFills, now());
  }
  return { tm: fromTm, mt: fromMt };
}
