import type { PluralForms } from '../../../src/formats/model.ts';
import type { MtProvider, MtTerm } from '../../engine/mt/index.ts';
import type { Db } from '../../store/db.ts';
import { findDocument, findDocumentProjectId } from '../../store/jobs/documents.ts';
import { projectWithMemory, visibleTerms } from '../../store/jobs/memory-lookups.ts';
import { untranslatedSegments, untranslatedSources, updateSegment } from '../../store/jobs/segments.ts';
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
  let fromTm = 0;
  let fromMt = 0;
  const forMt: typeof segments = [];
  for (const segment of segments) {
    const best = segment.source_plural
      ? undefined
      : (await index?.query(segment.source, { n: 1, caseSensitive: options.caseSensitive }))?.[0];
    if (best) {
      const exact = best.score >= 100;
      await updateSegment(db, segment.id, {
        target: best.fixedTarget ?? best.target,
        status: exact || options.autoAccept ? 'translated' : 'draft',
        origin: 'tm',
        updated_by: options.attributeTo ?? null,
        updated_at: now(),
      });
      fromTm++;
    } else if (options.mode === 'TM+MT') {
      forMt.push(segment);
    }
  }
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
    for (const s of forMt) {
      const update = {
        status: options.autoAccept ? ('translated' as const) : ('draft' as const),
        origin: 'mt',
        updated_by: options.attributeTo ?? null,
        updated_at: now(),
      };
      const result = translated.get(s.id)!;
      await updateSegment(
        db,
        s.id,
        typeof result === 'string'
          ? { ...update, target: result }
          : { ...update, target_plural: JSON.stringify(result) },
      );
      fromMt++;
    }
  }
  return { tm: fromTm, mt: fromMt };
}
