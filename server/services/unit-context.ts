/**
 * A unit's context as translators and machine translation see it, from three places: what its
 * file says (read at import into the segment), what the repository's context rules say
 * (unit_contexts, replaced by every sync) and the notes people add on the platform (unit_notes,
 * which no sync touches). The repository's fields win over the file's: a context rule is written
 * to say more than the format can. Shared by the documents' API, the workbench and pretranslation.
 */
import type { PlaceholderInfo, Unit } from '../../src/formats/model.ts';
import type { MtSegmentContext } from '../engine/mt/index.ts';
import { HttpError } from '../http/errors.ts';
import type { Db } from '../store/db.ts';
import { insertUnitNote, unitContextsOf, unitNotesOf } from '../store/jobs/unit-context.ts';

export type ContextField = 'description' | 'maxLength' | 'maxWidth' | 'doNotTranslate' | 'placeholders';

export interface UnitContextView {
  unitId: string;
  description: string | null;
  notes: string | null;
  maxLength: number | null;
  maxWidth: { px: number; font: string } | null;
  doNotTranslate: boolean;
  placeholders: Record<string, PlaceholderInfo>;
  /** Field → where it lives: the repository file that says it, or the document's own file. */
  owners: Partial<Record<ContextField, string>>;
  platformNotes: { text: string; author: string; createdAt: number }[];
}

/** The part of a segment row the view is made of. */
export interface SegmentContextRow {
  unit_id: string;
  notes: string | null;
  max_length: number | null;
  description: string | null;
  placeholders_json: string | null;
}

/** A unit read from its file, as the segment row it would be imported as. */
export function contextRow(unit: Unit): SegmentContextRow {
  return {
    unit_id: unit.id,
    notes: unit.notes.length > 0 ? unit.notes.join('\n') : null,
    max_length: unit.maxLength ?? null,
    description: unit.description ?? null,
    placeholders_json: unit.placeholders ? JSON.stringify(unit.placeholders) : null,
  };
}

const parsed = <T>(json: string | null): T | undefined =>
  json === null ? undefined : (JSON.parse(json) as T);

/** The context of a document's segments (those given), by unit id. */
export async function segmentContexts(
  db: Db,
  organizationId: number,
  fileName: string,
  segments: readonly SegmentContextRow[],
): Promise<Map<string, UnitContextView>> {
  const ids = segments.map((s) => s.unit_id);
  const owned = new Map((await unitContextsOf(db, organizationId, fileName, ids)).map((r) => [r.unit_id, r]));
  const notes = new Map<string, UnitContextView['platformNotes']>();
  for (const n of await unitNotesOf(db, organizationId, fileName, ids)) {
    const list = notes.get(n.unit_id) ?? [];
    list.push({ text: n.text, author: n.author, createdAt: n.created_at });
    notes.set(n.unit_id, list);
  }
  const out = new Map<string, UnitContextView>();
  for (const s of segments) {
    const repo = owned.get(s.unit_id);
    const origins = parsed<Partial<Record<ContextField, string>>>(repo?.origins_json ?? null) ?? {};
    const owners: UnitContextView['owners'] = {};
    if (s.description !== null) owners.description = fileName;
    if (s.max_length !== null) owners.maxLength = fileName;
    if (s.placeholders_json !== null) owners.placeholders = fileName;
    Object.assign(owners, origins);
    out.set(s.unit_id, {
      unitId: s.unit_id,
      description: repo?.description ?? s.description,
      notes: s.notes,
      maxLength: repo?.max_length ?? s.max_length,
      maxWidth: parsed(repo?.max_width_json ?? null) ?? null,
      doNotTranslate: repo?.do_not_translate === 1,
      placeholders: {
        ...parsed<Record<string, PlaceholderInfo>>(s.placeholders_json),
        ...parsed<Record<string, PlaceholderInfo>>(repo?.placeholders_json ?? null),
      },
      owners,
      platformNotes: notes.get(s.unit_id) ?? [],
    });
  }
  return out;
}

/** How a field is named where it is written (`max_length` in a context file). */
const WRITTEN: Record<ContextField, string> = {
  description: 'description',
  maxLength: 'max_length',
  maxWidth: 'max_width',
  doNotTranslate: 'do_not_translate',
  placeholders: 'placeholders',
};

/**
 * Refuses a platform edit of fields the repository owns (409), naming where each lives: "description
 * comes from locales/en/common.context.yml; edit it there". A field nobody set yet lives in the
 * repository too: the message says where to add it.
 */
export function refuseRepositoryEdit(
  fields: readonly ContextField[],
  view: Pick<UnitContextView, 'owners'>,
  fileName: string,
): never {
  const said = fields.map((field) => {
    const owner = view.owners[field];
    const name = WRITTEN[field];
    if (owner === undefined)
      return `${name} is kept in the repository: add it under context: in .svc.yml or in the *.context.yml beside ${fileName}`;
    return owner === fileName
      ? `${name} comes from ${owner} itself; edit it there`
      : `${name} comes from ${owner}; edit it there`;
  });
  throw new HttpError(
    409,
    `${said.join('; ')} (the repository owns these fields and each sync sends them again)`,
  );
}

/** Adds a note people write on the platform to a unit; no sync changes or removes it. */
export async function addPlatformNote(
  db: Db,
  now: number,
  note: { organizationId: number; fileName: string; unitId: string; text: string; author: string },
): Promise<void> {
  await insertUnitNote(db, {
    organization_id: note.organizationId,
    file_name: note.fileName,
    unit_id: note.unitId,
    text: note.text,
    author: note.author,
    created_at: now,
  });
}

/** What machine translation is told of a unit (undefined when there is nothing to tell). */
export function mtContextOf(view: UnitContextView | undefined): MtSegmentContext | undefined {
  if (!view) return undefined;
  const description = view.description ?? view.notes ?? undefined;
  const placeholders = Object.entries(view.placeholders).flatMap(([name, p]) => {
    const said = [p.description, p.type, p.example === undefined ? undefined : `e.g. ${p.example}`]
      .filter((x) => x !== undefined && x !== '')
      .join(', ');
    return said === '' ? [] : [[name, said] as const];
  });
  if (description === undefined && view.maxLength === null && placeholders.length === 0) return undefined;
  return {
    ...(description !== undefined ? { description } : {}),
    ...(view.maxLength !== null ? { maxLength: view.maxLength } : {}),
    ...(placeholders.length > 0 ? { placeholders: Object.fromEntries(placeholders) } : {}),
  };
}

/**
 * A unit with the document's context of it put over the file's: description, length limit,
 * placeholder meanings, and the platform notes as notes (`Note (author): text`).
 */
export function withSegmentContext(unit: Unit, view: UnitContextView | undefined): Unit {
  if (!view) return unit;
  // `location` named: a lazily located unit (kit/lazy-unit.ts) computes it in a getter.
  const out: Unit = { ...unit, location: unit.location };
  if (view.description !== null) out.description = view.description;
  if (view.maxLength !== null) out.maxLength = view.maxLength;
  if (Object.keys(view.placeholders).length > 0) out.placeholders = view.placeholders;
  if (view.platformNotes.length > 0)
    out.notes = [...unit.notes, ...view.platformNotes.map((n) => `Note (${n.author}): ${n.text}`)];
  return out;
}
