import type { ContainsField } from '../../engine/tm/index.ts';
import type { Db } from '../../store/db.ts';
import { scanConcordance } from '../../store/memories/concordance.ts';
import { segmentMetadata } from '../../store/memories/segments.ts';
import { getMemory, type MemoryRow } from '../../store/memories.ts';
import type { TmCache } from '../tm-cache.ts';
import { type DocumentRow, type OwnedProject, ownedDocument } from './access.ts';

/** Hits per concordance page. */
export const CONCORDANCE_PAGE = 20;
/** Shortest and longest fragment searched (characters, after trimming). */
export const FRAGMENT_MIN = 2;
export const FRAGMENT_MAX = 200;
/** Pages reachable (20 × 500 = 10,000 hits): past that, a longer fragment is the better search. */
const MAX_PAGE = 500;

export type ConcordanceOrder = 'recent' | 'shortest';

export interface ConcordanceRequest {
  /** The fragment, trimmed; '' shows the empty form. */
  fragment: string;
  field: ContainsField;
  order: ConcordanceOrder;
  page: number;
}

/**
 * A concordance search from a query string (`q`, `in=source|target`, `order=recent|shortest`,
 * `page`), or the problem with it, named.
 */
export function parseConcordance(
  query: Record<string, unknown>,
): { ok: true; request: ConcordanceRequest } | { ok: false; request: ConcordanceRequest; problem: string } {
  const text = (v: unknown) => (typeof v === 'string' ? v : Array.isArray(v) ? String(v[0] ?? '') : '');
  const fragment = text(query.q).trim();
  const field = text(query.in) || 'source';
  const order = text(query.order) || 'recent';
  const pageText = text(query.page) || '1';
  const request: ConcordanceRequest = {
    fragment,
    field: field === 'target' ? 'target' : 'source',
    order: order === 'shortest' ? 'shortest' : 'recent',
    page: /^[1-9]\d{0,5}$/.test(pageText) ? Math.min(Number(pageText), MAX_PAGE) : 1,
  };
  const problem =
    field !== 'source' && field !== 'target'
      ? `"in" must be "source" or "target", not "${field}".`
      : order !== 'recent' && order !== 'shortest'
        ? `"order" must be "recent" or "shortest", not "${order}".`
        : !/^[1-9]\d{0,5}$/.test(pageText) || Number(pageText) > MAX_PAGE
          ? `"page" must be a page number from 1 to ${MAX_PAGE}, not "${pageText}".`
          : fragment !== '' && [...fragment].length < FRAGMENT_MIN
            ? `Type at least ${FRAGMENT_MIN} characters to search the memory.`
            : [...fragment].length > FRAGMENT_MAX
              ? `Search for at most ${FRAGMENT_MAX} characters (got ${[...fragment].length}).`
              : undefined;
  return problem === undefined ? { ok: true, request } : { ok: false, request, problem };
}

export interface ConcordanceHit {
  id: number;
  source: string;
  target: string;
  resourceName: string | null;
  userEmail: string | null;
  createdAt: number | null;
}

export interface ConcordanceView extends OwnedProject {
  document: DocumentRow;
  /** The project's memory; undefined when it was deleted. */
  memory: MemoryRow | undefined;
  request: ConcordanceRequest;
  /** Entries holding the fragment (every page). */
  total: number;
  pages: number;
  hits: ConcordanceHit[];
}

/**
 * Concordance in the memory of a document's project: entries whose source (or target) holds the
 * fragment anywhere, in any case, newest (or shortest) first, one page. Where the process keeps
 * an index of the memory (SQLite) its trigram lists find the candidates; where answers come from
 * PostgreSQL the memory's rows are read. Undefined when the document is not the organization's.
 */
export async function concordance(
  deps: { db: Db; tm: TmCache },
  organizationId: number,
  documentId: number,
  request: ConcordanceRequest,
): Promise<ConcordanceView | undefined> {
  const { db } = deps;
  const owned = await ownedDocument(db, organizationId, documentId);
  if (!owned) return undefined;
  const memory = await getMemory(db, organizationId, owned.project.memory_id);
  const empty = { ...owned, memory, request, total: 0, pages: 1, hits: [] };
  if (!memory || request.fragment === '') return empty;
  const query = {
    field: request.field,
    order: request.order,
    limit: CONCORDANCE_PAGE,
    offset: (request.page - 1) * CONCORDANCE_PAGE,
  };
  const lookup = await deps.tm.get(memory.id, memory.version);
  const found = lookup.containing
    ? await lookup.containing(request.fragment, query)
    : await scanConcordance(db, memory.id, { fragment: request.fragment, ...query });
  const metadata = new Map(
    (
      await segmentMetadata(
        db,
        found.hits.map((h) => h.id),
      )
    ).map((m) => [m.id, m]),
  );
  return {
    ...empty,
    total: found.total,
    pages: Math.max(1, Math.ceil(found.total / CONCORDANCE_PAGE)),
    hits: found.hits.map((h) => {
      const m = metadata.get(h.id);
      return {
        ...h,
        resourceName: m?.resource_name ?? null,
        userEmail: m?.user_email ?? null,
        createdAt: m?.created_at ?? null,
      };
    }),
  };
}
