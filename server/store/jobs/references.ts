/** The same units in the other target languages of a job: what the editor shows as references. */
import type { Db } from '../db.ts';
import type { SegmentStatus } from '../schema.ts';

export interface UnitTranslationRow {
  unit_id: string;
  document_id: number;
  project_id: number;
  trglang: string;
  trglocale: string | null;
  target: string | null;
  target_plural: string | null;
  status: SegmentStatus;
}

/**
 * The segments of `unitIds` in the other documents of the job made from the same file (one per
 * other target language), in the organization's unarchived projects, by language.
 */
export async function unitTranslations(
  db: Db,
  scope: { organizationId: number; jobId: number; fileId: number; documentId: number },
  unitIds: readonly string[],
): Promise<UnitTranslationRow[]> {
  if (unitIds.length === 0) return [];
  return db
    .selectFrom('document_segments as s')
    .innerJoin('documents as d', 'd.id', 's.document_id')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .select([
      's.unit_id',
      's.document_id',
      'p.id as project_id',
      'p.trglang',
      'p.trglocale',
      's.target',
      's.target_plural',
      's.status',
    ])
    .where('p.organization_id', '=', scope.organizationId)
    .where('d.organization_id', '=', scope.organizationId)
    .where('p.job_id', '=', scope.jobId)
    .where('p.archived', '=', 0)
    .where('d.file_id', '=', scope.fileId)
    .where('d.id', '!=', scope.documentId)
    .where('s.unit_id', 'in', [...unitIds])
    .orderBy('p.trglang')
    .orderBy('p.trglocale')
    .orderBy('s.position')
    .execute();
}
