import type { z } from 'zod';
import type { SegmentContext } from '../../../src/api/schemas/context.ts';
import type { UnitContextView } from '../unit-context.ts';

/** A unit's context as the API shows it (SegmentContext). */
export function presentSegmentContext(view: UnitContextView): z.infer<typeof SegmentContext> {
  return {
    unit_id: view.unitId,
    description: view.description,
    notes: view.notes,
    max_length: view.maxLength,
    max_width: view.maxWidth,
    do_not_translate: view.doNotTranslate,
    placeholders: view.placeholders,
    owners: view.owners as Record<string, string>,
    platform_notes: view.platformNotes.map((n) => ({
      text: n.text,
      author: n.author,
      created_at: new Date(n.createdAt).toISOString(),
    })),
  };
}
