/**
 * Renders translations into a PO file by patching msgstr fields: the wrapping of an existing msgstr
 * is kept, a new one follows the msgid's; a written translation clears `fuzzy` (and the `#|`
 * previous strings that go with it).
 *
 * The catalog's own header is the law for that file (issue 34, finding 10): its `Plural-Forms`
 * decides how many msgstr[i] a plural entry gets and which CLDR category goes into each (its C
 * expression evaluated on sample numbers, as translate-toolkit and Weblate map them), and its
 * `Language` stays as written (`be_BY`). Only a header that lacks them — a template's, as xgettext
 * writes it (`Language: `, `nplurals=INTEGER`) — gets the target language's, once a translation is
 * written, and then loses its `fuzzy` flag as msginit clears it; a header that names its language
 * keeps its bytes, `#, fuzzy` included (msgfmt reads a fuzzy header's Plural-Forms all the same).
 *
 * Decision: `PO-Revision-Date` and `Last-Translator` are never touched. The commit records when and
 * by whom; a date rewritten on every sync would be a changed line in every catalog of every pull
 * request (DESIGN §7: no line changes without a reason) and a merge conflict between branches.
 */

import type { Edit } from '../file-text.ts';
import { applyEdits, encodeText } from '../file-text.ts';
import type { PluralCategory, PluralForms, RenderOptions, Translations } from '../model.ts';
import type { StringLayout } from './escape.ts';
import { escapePo, writePoString } from './escape.ts';
import { filePlurals, headerEdits } from './header.ts';
import type { PluralMapping } from './plural-forms.ts';
import { gettextLanguage, pluralFormsFor, pluralMapping, targetPluralForms } from './plural-forms.ts';
import type { PoEntry, PoField, PoFile } from './read.ts';
import { readPo } from './read.ts';
import { entryIds, targetForms } from './units.ts';

/** Renders translations into a PO/POT file (see the module comment for what changes). */
export function renderPo(
  original: Uint8Array,
  translations: Translations,
  options: RenderOptions,
): Uint8Array {
  const file = readPo(original, options);
  const text = file.decoded.text;
  const eol = /\r\n/.test(text.slice(0, text.indexOf('\n') + 1)) ? '\r\n' : '\n';
  const current = filePlurals(file);
  const ids = entryIds(file, options.fileName); // the same validation as parse (duplicates)
  // A catalog of the target language keeps its own Plural-Forms; a template, or a source catalog
  // rendered into a new language (en.po as the shape of ru.po), takes the target language's.
  // A header naming no language is a template's when it has no formula or is still a draft (fuzzy).
  const template = !current.language && (!current.header || Boolean(file.header?.flags.includes('fuzzy')));
  const own = !template && ownsHeader(current.language, options.targetLang);
  const ownForms = own ? current.header : undefined;
  const target = pluralMapping(options.targetLang, targetPluralForms(options.targetLang, ownForms));
  const categories = new Intl.PluralRules(options.targetLang).resolvedOptions()
    .pluralCategories as PluralCategory[];

  const edits: Edit[] = [];
  const written = new Set<PoEntry>();
  for (let index = 0; index < file.entries.length; index++) {
    const entry = file.entries[index]!;
    const translation = translations.get(ids[index]!);
    if (translation === undefined) continue;
    const edit = entry.msgidPlural
      ? pluralEdit(file, entry, toForms(translation, categories), current.mapping, target, eol)
      : singleEdit(file, entry, typeof translation === 'string' ? translation : translation.other, eol);
    if (!edit) continue;
    edits.push(edit, ...unfuzzy(text, entry));
    written.add(entry);
  }
  if (edits.length === 0) return original;

  // Only what the file lacks is set: a template (no language, no formula, as xgettext writes it)
  // or a catalog of another language gets the target's Language and Plural-Forms and is no longer
  // a draft (msginit clears `fuzzy` the same way); a catalog of the target language without a
  // formula gets one only when it has plural entries (msgfmt needs it then, and only then).
  const converted = !own;
  const needsForms = !ownForms && (converted || file.entries.some((e) => e.msgidPlural));
  const documented = needsForms ? pluralFormsFor(options.targetLang) : undefined;
  const header = file.header?.msgstr[0];
  const values: [string, string][] = [];
  if (converted) values.push(['Language', gettextLanguage(options.targetLang)]);
  if (documented) values.push(['Plural-Forms', documented]);
  if (header && values.length > 0) edits.push(...headerEdits(text, header, values, eol));
  if (header && converted) edits.push(...unfuzzy(text, file.header!));
  if (documented) {
    // Untranslated plural entries get as many (empty) msgstr[i] as the target language has forms.
    for (const entry of file.entries) {
      if (!entry.msgidPlural || written.has(entry) || entry.msgstr.length === target.nplurals) continue;
      if (entry.msgstr.some((f) => f.value !== '')) continue;
      const values = new Array<string>(target.nplurals).fill('');
      edits.push(msgstrBlock(text, entry, values, { multiline: false, width: undefined }, eol));
    }
  }
  return encodeText(applyEdits(text, edits), file.decoded.encoding, file.decoded.bom);
}

/**
 * Whether the header is the target catalog's own: it names the target language (`be_BY` for `be`,
 * `pt_BR` for `pt-BR`: the same primary language), or names none (then its Plural-Forms, if any,
 * is all there is to go by). A header naming another language is a source's or a template's.
 */
function ownsHeader(language: string | undefined, targetLang: string): boolean {
  if (!language) return true;
  const primary = (tag: string) => tag.split(/[-_@.]/)[0]!.toLowerCase();
  return primary(language) === primary(targetLang);
}

function toForms(translation: string | PluralForms, categories: PluralCategory[]): PluralForms {
  if (typeof translation !== 'string') return translation;
  const forms: PluralForms = { other: translation };
  for (const c of categories) forms[c] = translation;
  return forms;
}

function singleEdit(file: PoFile, entry: PoEntry, value: string, eol: string): Edit | undefined {
  const msgstr = entry.msgstr[0]!;
  // A translation equal to the source is still a translation (German "Browser" for "Browser");
  // only one equal to what the entry already says changes nothing.
  if (value === msgstr.value) return undefined;
  const layout = layoutFor(
    file,
    msgstr.value !== '' ? msgstr : entry.msgid,
    `msgstr "${escapePo(value)}"`,
    value,
  );
  const prefix = indentation(file.decoded.text, msgstr);
  return {
    start: msgstr.start,
    end: msgstr.end,
    replacement: writePoString('msgstr', value, layout, eol, prefix),
  };
}

function pluralEdit(
  file: PoFile,
  entry: PoEntry,
  forms: PluralForms,
  current: PluralMapping,
  target: PluralMapping,
  eol: string,
): Edit | undefined {
  // Forms equal to the source's are translations too; forms the entry already says are no news.
  const given = Object.keys(forms) as PluralCategory[];
  const existing = targetForms(entry, current);
  if (existing && given.every((c) => forms[c] === (existing[c] ?? existing.other))) return undefined;
  const values = target.categoryOf.map((c) => forms[c] ?? forms.other);
  if (values.length === entry.msgstr.length && values.every((v, i) => v === entry.msgstr[i]!.value))
    return undefined;
  const first = entry.msgstr[0]!;
  const ref =
    first.value !== '' ? first : entry.msgid.multiline ? entry.msgid : (entry.msgidPlural ?? entry.msgid);
  const longest = values.reduce((a, b) => (b.length > a.length ? b : a), '');
  const layout = layoutFor(file, ref, `msgstr[0] "${escapePo(longest)}"`, longest);
  return msgstrBlock(file.decoded.text, entry, values, layout, eol);
}

/** Replaces all msgstr[i] of a plural entry with the given values. */
function msgstrBlock(
  text: string,
  entry: PoEntry,
  values: string[],
  layout: StringLayout,
  eol: string,
): Edit {
  const first = entry.msgstr[0]!;
  const last = entry.msgstr[entry.msgstr.length - 1]!;
  const prefix = indentation(text, first);
  const lines = values.map((v, i) => writePoString(`msgstr[${i}]`, v, layout, eol, prefix));
  return { start: first.start, end: last.end, replacement: lines.join(eol) };
}

/**
 * gettext's wrapping: a file with multi-line strings wraps at 79 columns (unless the reference
 * field has longer lines: `--no-wrap`), and then long text or text with inner newlines is written
 * multi-line; a file without any multi-line string keeps every msgstr on one line.
 */
function layoutFor(file: PoFile, ref: PoField, oneLine: string, value: string): StringLayout {
  const width = file.wraps && ref.longestLine <= 79 ? 79 : undefined;
  const needsLines = width !== undefined && (oneLine.length > width || /\n[\s\S]/.test(value));
  return { multiline: ref.multiline || needsLines, width };
}

function indentation(text: string, field: PoField): string {
  return /^[ \t]*/.exec(text.slice(field.start, field.start + 16))![0];
}

/** Clears the `fuzzy` flag (dropping an emptied `#,` line) and the `#|` previous strings. */
function unfuzzy(text: string, entry: PoEntry): Edit[] {
  if (!entry.flags.includes('fuzzy')) return [];
  const edits: Edit[] = [];
  for (const line of entry.flagLines) {
    const raw = text.slice(line.start, line.end);
    const content = raw.replace(/\r?\n$/, '');
    const flags = content
      .replace(/^[ \t]*#,/, '')
      .split(',')
      .map((f) => f.trim())
      .filter((f) => f !== '' && f !== 'fuzzy');
    if (flags.length === 0) edits.push({ start: line.start, end: line.end, replacement: '' });
    else if (content.includes('fuzzy')) {
      edits.push({
        start: line.start,
        end: line.start + content.length,
        replacement: `#, ${flags.join(', ')}`,
      });
    }
  }
  for (const line of entry.previousLines) edits.push({ start: line.start, end: line.end, replacement: '' });
  return edits;
}
