/**
 * Target files as people's work (DESIGN §7): what a target file already says, and how a sync
 * writes into it. A format that implements `edit` keeps the target's own layout for every change;
 * for one that does not, the rules here keep every translation and the smallest change they can.
 */
import { pluralCategories } from './kit/plural-forms.ts';
import type {
  FormatModule,
  ParseOptions,
  PluralCategory,
  PluralForms,
  RenderOptions,
  TargetChanges,
  Translations,
  Unit,
} from './model.ts';

/** A unit's text in one language: plain, or plural forms. */
export type UnitText = string | PluralForms;

/** Whether two unit texts say the same (plural forms compared category by category). */
export function sameText(a: UnitText | undefined, b: UnitText | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  const keys = Object.keys(a) as (keyof PluralForms)[];
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => a[k] === b[k]);
}

/** A unit's source text (plural forms when it has them). */
export const sourceText = (unit: Unit): UnitText => unit.sourcePlural ?? unit.source;

/**
 * The plural categories a target's text for `unit` lacks that its runtime would miss: `other`
 * always (every plural runtime needs it), and where the format does not take `other` for a missing
 * category (i18next), every category `lang` needs (cardinal or ordinal, as the unit is).
 */
export function missingForms(
  format: FormatModule,
  unit: Unit,
  text: UnitText,
  lang: string,
): PluralCategory[] {
  if (!unit.sourcePlural || typeof text === 'string') return [];
  const missing: PluralCategory[] = text.other === undefined ? ['other'] : [];
  if (format.pluralFallsBackToOther ?? true) return missing;
  const type = unit.flags.includes('ordinal') ? 'ordinal' : 'cardinal';
  for (const category of pluralCategories(lang, type))
    if (category !== 'other' && text[category] === undefined) missing.push(category);
  return missing;
}

/** Whether a text has nothing to read (an empty string, or plural forms all empty). */
export function isEmptyText(text: UnitText): boolean {
  return typeof text === 'string' ? text.trim() === '' : Object.values(text).every((t) => t.trim() === '');
}

/**
 * The translations a target file holds for `lang`, by unit id: for a monolingual file its text, for
 * a bilingual one its targets, for a multilingual one (the source file itself) that language's
 * localization. Units the file marks as not translatable and empty texts are not translations.
 * A file that does not parse throws the format's FormatError (with line and column).
 */
export function targetTranslations(
  format: FormatModule,
  bytes: Uint8Array,
  lang: string,
  options: ParseOptions = {},
): Map<string, UnitText> {
  return readTarget(format, bytes, lang, options).translations;
}

/**
 * Every text a target holds for `lang`, empty ones included (an empty plural form people left is
 * their choice: Foundation shows it as it is): what a unit rewritten around people's text carries
 * over as written.
 */
export function targetTexts(
  format: FormatModule,
  bytes: Uint8Array,
  lang: string,
  options: ParseOptions = {},
): Map<string, UnitText> {
  return readTarget(format, bytes, lang, options, true).translations;
}

/** The ids of a target's translatable units (empty ones too) and its translations. */
function readTarget(
  format: FormatModule,
  bytes: Uint8Array,
  lang: string,
  options: ParseOptions,
  keepEmpty = false,
) {
  const holds = format.holds ?? 'one';
  const units = format.parse(bytes, holds === 'all' ? { ...options, targetLang: lang } : options);
  const ids = new Set<string>();
  const translations = new Map<string, UnitText>();
  for (const unit of units) {
    if (!unit.translatable) continue;
    ids.add(unit.id);
    const text = holds === 'one' ? sourceText(unit) : (unit.targetPlural ?? unit.target);
    if (text !== undefined && (keepEmpty || !isEmptyText(text))) translations.set(unit.id, text);
  }
  return { ids, translations };
}

/**
 * Writes `changes` into an existing target file. With the format's own `edit`, the target keeps
 * its layout whatever changes. Without it:
 * - when every unit to write is already in the target and none leaves it, the target is patched in
 *   place (render over the target itself): nothing else moves;
 * - otherwise the file is rendered from the source's skeleton with every translation the target
 *   holds plus the new ones, so no translation is lost though the layout follows the source.
 * A multilingual file is its own source: its localizations are written in place.
 * Renamed keys the format can rename in place are renamed first (`renameKeys`), so their entries
 * stay where people have them; the others are removed and inserted.
 */
export function editTarget(
  format: FormatModule,
  target: Uint8Array,
  changes: TargetChanges,
  options: RenderOptions,
): Uint8Array {
  const renamed = renameInPlace(format, target, changes, options);
  if (renamed) return editTarget(format, renamed.bytes, renamed.changes, options);
  if (format.edit) return format.edit(target, changes, options);
  if (format.holds === 'all') return format.render(target, changes.set, options);
  return editByRendering(format, target, changes, options);
}

/** The target with the keys its format renames in place, and the changes left; undefined when none is. */
function renameInPlace(
  format: FormatModule,
  target: Uint8Array,
  changes: TargetChanges,
  options: RenderOptions,
): { bytes: Uint8Array; changes: TargetChanges } | undefined {
  const { rename, ...rest } = changes;
  if (!rename || rename.size === 0 || !format.renameKeys) return undefined;
  const { bytes, renamed } = format.renameKeys(target, rename, changes.source, options);
  const from = new Set([...renamed].map((to) => rename.get(to)));
  return { bytes, changes: { ...rest, remove: new Set([...changes.remove].filter((id) => !from.has(id))) } };
}

/**
 * editTarget's rules for a format without its own `edit`: patch in place, else rebuild from the
 * source with every translation the target holds. `render` is the format's, or one a format's
 * `edit` gives to carry more of the target than its texts (Markdown: the bytes of people's blocks).
 */
export function editByRendering(
  format: FormatModule,
  target: Uint8Array,
  changes: TargetChanges,
  options: RenderOptions,
  render: FormatModule['render'] = format.render,
): Uint8Array {
  const held = readTarget(format, target, options.targetLang, parseOptions(options));
  const inPlace =
    [...changes.remove].every((id) => !held.ids.has(id)) &&
    [...changes.set.keys()].every((id) => held.ids.has(id));
  if (inPlace) return changes.set.size === 0 ? target : render(target, changes.set, options);
  const all = new Map<string, UnitText>();
  for (const [id, text] of held.translations) if (!changes.remove.has(id)) all.set(id, text);
  for (const [id, text] of changes.set) all.set(id, text);
  const asWritten = new Set([...held.translations.keys()].filter((id) => !changes.set.has(id)));
  return withLineEndingsOf(target, render(changes.source, all, { ...options, asWritten }));
}

const CR = 13;
const LF = 10;

/** Whether every line break of a text is CRLF (and there is one), reading bytes (any ASCII-compatible encoding). */
function crlf(bytes: Uint8Array): boolean {
  let breaks = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] !== LF) continue;
    if (bytes[i - 1] !== CR) return false;
    breaks++;
  }
  return breaks > 0;
}

/**
 * A file rebuilt from the source keeps at least the target's line endings: CRLF when every line
 * of the target ends so and the rebuilt text uses LF. UTF-16 files are left as rendered.
 */
function withLineEndingsOf(target: Uint8Array, out: Uint8Array): Uint8Array {
  const utf16 = (b: Uint8Array) => (b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0xfe && b[1] === 0xff);
  if (utf16(target) || utf16(out) || !crlf(target) || out.includes(CR)) return out;
  const converted: number[] = [];
  for (const byte of out) {
    if (byte === LF) converted.push(CR);
    converted.push(byte);
  }
  return Uint8Array.from(converted);
}

/**
 * Writes a target file that does not exist yet: the format's `create`, else the source rendered
 * with the translations.
 */
export function newTarget(
  format: FormatModule,
  source: Uint8Array,
  translations: Translations,
  options: RenderOptions,
): Uint8Array {
  return format.create
    ? format.create(source, translations, options)
    : format.render(source, translations, options);
}

function parseOptions(options: RenderOptions): ParseOptions {
  return {
    ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}),
    ...(options.fileName !== undefined ? { fileName: options.fileName } : {}),
  };
}
