import type { PluralForms } from '../../../src/formats/model.ts';
import type { Db } from '../../store/db.ts';
import { segmentOutline } from '../../store/jobs/segments.ts';
import { ownedDocument } from './access.ts';
import { isUntranslated, PAGE_SIZE, placeholderIssues } from './document-view.ts';
import { openStatuses, stageInfo } from './progress.ts';

/** Where the editor's "go to" links lead from a segment. */
export const NAVIGATIONS = ['previous', 'next', 'untranslated', 'qa'] as const;
export type Navigation = (typeof NAVIGATIONS)[number];

export interface NavigationTarget {
  segmentId: number;
  page: number;
  /** Whether the target is shown with the "only unconfirmed" filter (false when it would be hidden by it). */
  unconfirmedOnly: boolean;
}

const parsePlural = (json: string | null) => (json === null ? undefined : (JSON.parse(json) as PluralForms));

/**
 * The segment a navigation leads to from segment `from` (0: from before the first): the previous
 * or next one in the editor's list (with its filter), or the next untranslated one or the next one
 * whose translation has placeholder QA issues, wrapping around the document's end as translation
 * tools do. `none` when there is none, undefined when the document is not the organization's.
 */
export async function navigate(
  db: Db,
  organizationId: number,
  documentId: number,
  options: { from: number; to: Navigation; unconfirmedOnly: boolean },
): Promise<NavigationTarget | 'none' | undefined> {
  const owned = await ownedDocument(db, organizationId, documentId);
  if (!owned) return undefined;
  const open = openStatuses(stageInfo(owned.template, owned.project.stage));
  const all = await segmentOutline(db, documentId);
  const listed = options.unconfirmedOnly ? all.filter((r) => open.includes(r.status)) : all;
  const start = all.findIndex((r) => r.id === options.from);
  const wanted = (r: (typeof all)[number]) => {
    const targetPlural = parsePlural(r.target_plural);
    if (options.to === 'untranslated') return isUntranslated(r.target, targetPlural);
    if (options.to === 'qa')
      return placeholderIssues(r.source, parsePlural(r.source_plural), r.target, targetPlural).length > 0;
    return listed.includes(r);
  };
  let found: (typeof all)[number] | undefined;
  if (options.to === 'previous') {
    for (let i = (start === -1 ? all.length : start) - 1; i >= 0 && !found; i--)
      if (wanted(all[i]!)) found = all[i];
  } else {
    // After `from`, then wrapping to the start (next/previous do not wrap: the list has ends).
    const order = [...all.slice(start + 1), ...(options.to === 'next' ? [] : all.slice(0, start + 1))];
    found = order.find((r) => r.id !== options.from && wanted(r));
  }
  if (!found) return 'none';
  const inList = listed.indexOf(found);
  const unconfirmedOnly = options.unconfirmedOnly && inList !== -1;
  const index = unconfirmedOnly ? inList : all.indexOf(found);
  return { segmentId: found.id, page: Math.floor(index / PAGE_SIZE) + 1, unconfirmedOnly };
}
