/**
 * A document of the workbench as XLIFF 1.2 for offline CAT tools (memoQ, Trados, OmegaT, Okapi).
 * Each segment is one `<trans-unit>`; its `extradata` carries the revision and status it had at
 * download and its target then (`svc-rev=3;svc-status=draft;svc-base=…`), so an upload
 * (xliff-upload.ts) can tell a unit the translator changed from one changed in the workbench since:
 * a unit changed on both sides is a conflict the user settles, never overwritten silently.
 */
import type { MemoryMatch } from '../../../src/api/schemas/memories.ts';
import { PLURAL_RESTYPE } from '../../../src/formats/exchange.ts';
import { escapeAttribute, escapeText } from '../../../src/formats/kit/xml/entities.ts';
import { firstIllegal } from '../../../src/formats/kit/xml/xliff-ids.ts';
import type { PluralCategory, PluralForms } from '../../../src/formats/model.ts';
import type { Db } from '../../store/db.ts';
import { type DocumentSegmentRow, documentSegments } from '../../store/jobs/segments.ts';
import { getMemory } from '../../store/memories.ts';
import type { SegmentStatus } from '../../store/schema.ts';
import { queryMemory } from '../memories/matches.ts';
import type { TmCache } from '../tm-cache.ts';
import { type OwnedProject, ownedDocument } from './access.ts';
import { type SegmentEditor, targetCategories } from './segment-edit.ts';

/**
 * XLIFF 1.2 `state` of a segment's target (§4.3 state values): what a CAT tool shows as its status.
 * `approved="yes"` is written too for confirmed and reviewed segments (memoQ and Trados read it as
 * "confirmed"). A draft is a TM or MT fill nobody has looked at: needs-review-translation.
 */
export const XLIFF_STATES: Record<SegmentStatus, string> = {
  new: 'needs-translation',
  draft: 'needs-review-translation',
  translated: 'translated',
  confirmed: 'signed-off',
  reviewed: 'final',
};

/** Targets in these states (or `approved="yes"`) are confirmed when uploaded. */
export const CONFIRMING_STATES: ReadonlySet<string> = new Set(['signed-off', 'final']);

/** Segment statuses that are signed off (a confirmation in the file changes nothing for them). */
export const SIGNED_OFF: ReadonlySet<string> = new Set(['confirmed', 'reviewed']);

const CATEGORY_ORDER: PluralCategory[] = ['zero', 'one', 'two', 'few', 'many', 'other'];
export const tag = (lang: string, locale: string | null) => (locale ? `${lang}-${locale}` : lang);
export const parsePlural = (json: string | null) =>
  json === null ? undefined : (JSON.parse(json) as PluralForms);

/** A file that cannot be written (a character XML cannot carry) or read back (not this document's), said so the user can fix it; nothing was stored. */
export class XliffError extends Error {}

export interface XliffDeps {
  db: Db;
  tm: TmCache;
  editor: SegmentEditor;
}

/** What the workbench keeps in a unit's `extradata`; other tools' extradata is left alone. */
export interface DownloadMark {
  revision: number;
  status: string | undefined;
  /** The target at download: null when there was none, undefined when not readable. */
  base: string | null | undefined;
}

function extradata(revision: number, status: SegmentStatus, base: string | undefined): string {
  const head = `svc-rev=${revision};svc-status=${status}`;
  return base === undefined ? head : `${head};svc-base=${encodeURIComponent(base)}`;
}

/** The download's mark in an `extradata` value, or undefined when a tool dropped or changed it. */
export function readExtradata(value: string): DownloadMark | undefined {
  const revision = /(?:^|;)svc-rev=(\d{1,15})(?:;|$)/.exec(value)?.[1];
  if (revision === undefined) return undefined;
  const status = /(?:^|;)svc-status=([a-z]+)(?:;|$)/.exec(value)?.[1];
  const base = /(?:^|;)svc-base=([^;]*)/.exec(value)?.[1];
  let text: string | null | undefined = null;
  if (base !== undefined) {
    try {
      text = decodeURIComponent(base);
    } catch {
      text = undefined;
    }
  }
  return { revision: Number(revision), status, base: text };
}

function text(value: string, what: string): string {
  const bad = firstIllegal(value);
  if (bad >= 0) {
    const code = value.codePointAt(bad)!.toString(16).toUpperCase().padStart(4, '0');
    throw new XliffError(`${what} contains U+${code}, which XLIFF 1.2 (XML 1.0) cannot carry.`);
  }
  return escapeText(value, { gt: true });
}

interface UnitOut {
  id: string;
  resname: string;
  source: string;
  target: string | undefined;
  base: string | undefined;
  segment: DocumentSegmentRow;
  matches: MemoryMatch[];
  srclang: string;
  trglang: string;
  indent: string;
}

function transUnit(u: UnitOut): string {
  const s = u.segment;
  const key = `Segment “${s.unit_id}”`;
  const width = s.max_length === null ? '' : ` maxwidth="${s.max_length}" size-unit="char"`;
  const approved = s.status === 'confirmed' || s.status === 'reviewed' ? ' approved="yes"' : '';
  const qualifier =
    s.status === 'draft' && (s.origin === 'tm' || s.origin === 'mt')
      ? ` state-qualifier="leveraged-${s.origin}"`
      : '';
  const state = u.target === undefined ? XLIFF_STATES.new : XLIFF_STATES[s.status];
  const i = u.indent;
  const lines = [
    `${i}<trans-unit id="${escapeAttribute(u.id)}" resname="${escapeAttribute(u.resname)}" xml:space="preserve"${width}${approved} extradata="${escapeAttribute(extradata(s.revision, s.status, u.base))}">`,
    `${i}  <source xml:lang="${u.srclang}">${text(u.source, key)}</source>`,
    `${i}  <target xml:lang="${u.trglang}" state="${state}"${qualifier}>${text(u.target ?? '', key)}</target>`,
  ];
  if (s.notes) lines.push(`${i}  <note from="developer">${text(s.notes, key)}</note>`);
  if (s.context)
    lines.push(
      `${i}  <context-group purpose="information"><context context-type="x-context">${text(s.context, key)}</context></context-group>`,
    );
  for (const m of u.matches) {
    const origin = typeof m.metadata.resource_name === 'string' ? m.metadata.resource_name : 'memory';
    lines.push(
      `${i}  <alt-trans match-quality="${Math.floor(m.score)}" origin="${escapeAttribute(`tm:${origin}`)}"><source xml:lang="${u.srclang}">${text(m.source, key)}</source><target xml:lang="${u.trglang}">${text(m.target, key)}</target></alt-trans>`,
    );
  }
  lines.push(`${i}</trans-unit>`);
  return lines.join('\n');
}

/** The XLIFF file's name: the document's base name with `.<target>.xlf`. */
function fileNameOf(owned: OwnedProject & { document: { name: string } }): string {
  const base = owned.document.name.split('/').pop() || 'document';
  return `${base}.${tag(owned.project.trglang, owned.project.trglocale)}.xlf`;
}

/**
 * The document as an XLIFF 1.2 file: one `<trans-unit>` per segment (id `s<segment id>`, resname
 * the key), its target with `state`, notes, context, `maxwidth` in characters, the project memory's
 * best matches as `<alt-trans>`; a plural unit as a `<group restype="x-gettext-plurals">` (Okapi's
 * and Translate Toolkit's convention) with one trans-unit per plural category of the target language
 * (`s<id>[one]`). Undefined when the document is not the organization's.
 */
export async function downloadXliff(
  deps: Pick<XliffDeps, 'db' | 'tm'>,
  organizationId: number,
  documentId: number,
): Promise<{ fileName: string; bytes: Uint8Array } | undefined> {
  const { db, tm } = deps;
  const owned = await ownedDocument(db, organizationId, documentId);
  if (!owned) return undefined;
  const { project, document } = owned;
  const srclang = tag(project.srclang, project.srclocale);
  const trglang = tag(project.trglang, project.trglocale);
  const memory = await getMemory(db, organizationId, project.memory_id);
  const categories = targetCategories(project);
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">',
    `  <file original="${escapeAttribute(document.name)}" datatype="plaintext" source-language="${srclang}" target-language="${trglang}" product-name="${escapeAttribute(owned.job.name)}">`,
    '    <header>',
    '      <tool tool-id="svc-workbench" tool-name="svc workbench"/>',
    `      <note>Upload this file back to the workbench (document “${text(document.name, 'the name')}”). Keep each unit's extradata: it tells your changes from those made in the workbench meanwhile.</note>`,
    '    </header>',
    '    <body>',
  ];
  for (const s of await documentSegments(db, documentId)) {
    const sourcePlural = parsePlural(s.source_plural);
    if (!sourcePlural) {
      const matches = memory ? await queryMemory(db, tm, memory, s.source, { n: 3 }) : [];
      const target = s.target ?? undefined;
      out.push(
        transUnit({
          id: `s${s.id}`,
          resname: s.unit_id,
          source: s.source,
          target,
          base: target,
          segment: s,
          matches,
          srclang,
          trglang,
          indent: '      ',
        }),
      );
      continue;
    }
    const targetPlural = parsePlural(s.target_plural);
    out.push(
      `      <group id="g${s.id}" resname="${escapeAttribute(s.unit_id)}" restype="${PLURAL_RESTYPE}">`,
    );
    for (const c of CATEGORY_ORDER.filter((c) => categories.includes(c))) {
      const form = targetPlural?.[c] || undefined;
      out.push(
        transUnit({
          id: `s${s.id}[${c}]`,
          resname: `${s.unit_id}[${c}]`,
          source: sourcePlural[c] ?? sourcePlural.other,
          target: form,
          base: form,
          segment: s,
          matches: [],
          srclang,
          trglang,
          indent: '        ',
        }),
      );
    }
    out.push('      </group>');
  }
  out.push('    </body>', '  </file>', '</xliff>', '');
  return { fileName: fileNameOf(owned), bytes: new TextEncoder().encode(out.join('\n')) };
}
