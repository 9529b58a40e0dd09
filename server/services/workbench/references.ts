import type { PluralForms } from '../../../src/formats/model.ts';
import type { Db } from '../../store/db.ts';
import { unitTranslations } from '../../store/jobs/references.ts';
import type { SegmentStatus } from '../../store/schema.ts';
import type { DocumentRow, JobRow, ProjectRow } from './access.ts';

/** The same unit in another target language of the job: read-only, beside the segment being edited. */
export interface UnitReference {
  /** BCP 47 tag of its language (`fr`, `pt-BR`). */
  lang: string;
  documentId: number;
  projectId: number;
  target: string | null;
  targetPlural: PluralForms | undefined;
  status: SegmentStatus;
}

const tag = (lang: string, locale: string | null) => (locale ? `${lang}-${locale}` : lang);

/**
 * The other languages of the units shown, by unit id: the same unit of the same file in the job's
 * other projects (its other target languages), with their translation and status. A unit missing
 * from another language's document (a file imported differently) is simply not listed there.
 */
export async function unitReferences(
  db: Db,
  owned: { project: ProjectRow; job: JobRow; document: DocumentRow },
  unitIds: readonly string[],
): Promise<Map<string, UnitReference[]>> {
  const rows = await unitTranslations(
    db,
    {
      organizationId: owned.project.organization_id,
      jobId: owned.job.id,
      fileId: owned.document.file_id,
      documentId: owned.document.id,
    },
    [...new Set(unitIds)],
  );
  const byUnit = new Map<string, UnitReference[]>();
  for (const r of rows) {
    const list = byUnit.get(r.unit_id) ?? [];
    // A file holding one unit id twice: the first occurrence per language, as the file renders it.
    if (list.some((x) => x.documentId === r.document_id)) continue;
    list.push({
      lang: tag(r.trglang, r.trglocale),
      documentId: r.document_id,
      projectId: r.project_id,
      target: r.target,
      targetPlural: r.target_plural === null ? undefined : (JSON.parse(r.target_plural) as PluralForms),
      status: r.status,
    });
    byUnit.set(r.unit_id, list);
  }
  return byUnit;
}
