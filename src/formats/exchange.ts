/**
 * Extract and merge through XLIFF 1.2, like Okapi Tikal's `-x` and `-m`: any format's translatable
 * units go out as an XLIFF document a CAT tool can work on, and the translated XLIFF comes back as
 * the original file with only the translated text changed (the format's own render does the patching).
 */

import { FormatError } from './errors.ts';
import { attribute, loadXml, localName, textContent } from './kit/xml/document.ts';
import { escapeAttribute, escapeText } from './kit/xml/entities.ts';
import type { XmlElement } from './kit/xml/nodes.ts';
import { decodeXliffId, encodeXliffId, firstIllegal } from './kit/xml/xliff-ids.ts';
import { type LeftOut, leftOutOf } from './left-out.ts';
import {
  type FormatModule,
  type ParseOptions,
  type PluralCategory,
  type PluralForms,
  placeholdersOf,
  type Translations,
  type Unit,
} from './model.ts';
import { ALL_SYNTAXES } from './placeholders/types.ts';
import { PLACEHOLDERS_CONTEXT } from './xliff12/read.ts';

export interface ExtractOptions {
  fileName: string;
  sourceLang: string;
  targetLang: string;
  /** Fill missing targets with the source text (Tikal's `-seg`-less copy-source default). */
  copySource?: boolean;
  /** Targets to write, by unit id, over what the file holds (a platform document's translations). */
  translations?: Translations;
  /** Only these units (by id) go out: a delta holding just what needs translating. */
  only?: ReadonlySet<string>;
  /** Told of each rule the file bends but its own tools accept (see ParseOptions.onWarning). */
  onWarning?: ParseOptions['onWarning'];
  /** Told, once per reason, of the units the file's reader leaves out on purpose (DESIGN §10). */
  onLeftOut?: (leftOut: LeftOut) => void;
  /** Notes to add after a unit's own (what the repository sent about it: code links, screenshots). */
  moreNotes?: (unitId: string) => readonly string[];
  /**
   * Puts context the file cannot say over the units read (the repository's context rules, a
   * platform document's): a description, length limit and placeholder meanings travel as
   * `<note from="description">`, `maxwidth` and `<note from="placeholders">`.
   */
  withContext?: (units: Unit[]) => Unit[];
}

export interface MergeOptions {
  fileName: string;
  targetLang: string;
  /** Name of the XLIFF file, for error messages (default: the file name plus `.xlf`). */
  xliffName?: string;
}

/** The restype of a group holding one plural unit, one trans-unit per category (`id[one]`). */
export const PLURAL_RESTYPE = 'x-gettext-plurals';
const CATEGORY_ORDER: PluralCategory[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

/**
 * Writes a file's translatable units as an XLIFF 1.2 document: one `<trans-unit>` per unit, notes,
 * `maxwidth`, context, and each plural unit as a group with one trans-unit per category of the
 * target language (plus `zero` when the source writes one). Source categories the target language
 * does not use travel as `translate="no"` trans-units, so a copy-source round trip loses nothing.
 * Existing targets of bilingual files are carried over; with `copySource`, missing targets are the
 * source, marked `state="needs-translation"` (XLIFF 1.2's state for a target that still needs
 * translating), which readXliffTargets leaves out while it is unchanged.
 */
export function extractXliff(format: FormatModule, bytes: Uint8Array, opts: ExtractOptions): Uint8Array {
  const parsed = format.parse(bytes, {
    fileName: opts.fileName,
    ...(opts.onWarning ? { onWarning: opts.onWarning } : {}),
  });
  const units = opts.withContext ? opts.withContext(parsed) : parsed;
  const targetCategories = new Intl.PluralRules(opts.targetLang).resolvedOptions().pluralCategories;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">',
    `  <file original="${escapeAttribute(opts.fileName)}" datatype="x-${escapeAttribute(format.name)}" source-language="${escapeAttribute(opts.sourceLang)}" target-language="${escapeAttribute(opts.targetLang)}">`,
    '    <body>',
  ];
  if (opts.onLeftOut) for (const left of leftOutOf(units)) opts.onLeftOut(left);
  for (const parsed of units) {
    if (!parsed.translatable || (opts.only && !opts.only.has(parsed.id))) continue;
    const more = opts.moreNotes?.(parsed.id) ?? [];
    const unit = more.length === 0 ? parsed : { ...parsed, notes: [...parsed.notes, ...more] };
    const given = opts.translations?.get(unit.id);
    const syntaxes = placeholdersOf(format, unit);
    const placeholders = syntaxes.length === ALL_SYNTAXES.length ? undefined : syntaxes.join(' ');
    if (!unit.sourcePlural) {
      const held = (typeof given === 'string' ? given : undefined) ?? unit.target;
      const target = held ?? (opts.copySource ? unit.source : undefined);
      out.push(
        transUnit(
          unit,
          unit.id,
          unit.source,
          target,
          '      ',
          opts.fileName,
          true,
          placeholders,
          held === undefined,
        ),
      );
      continue;
    }
    const source = unit.sourcePlural;
    out.push(`      <group id="${escapeAttribute(encodeXliffId(unit.id))}" restype="${PLURAL_RESTYPE}">`);
    for (const category of CATEGORY_ORDER) {
      // `zero` stays translatable: stringsdict uses it for 0 in every language.
      const used = targetCategories.includes(category) || (category === 'zero' && source.zero !== undefined);
      if (!used && source[category] === undefined) continue;
      const sourceText =
        category === 'one' && !oneMeansOne(opts.targetLang)
          ? source.other
          : (source[category] ?? source.other);
      const givenForms = given !== undefined && typeof given !== 'string' ? given : undefined;
      const held = givenForms?.[category] ?? unit.targetPlural?.[category];
      const target = held ?? (opts.copySource ? sourceText : undefined);
      out.push(
        transUnit(
          unit,
          `${unit.id}[${category}]`,
          sourceText,
          target,
          '        ',
          opts.fileName,
          used,
          placeholders,
          held === undefined,
        ),
      );
    }
    out.push('      </group>');
  }
  out.push('    </body>', '  </file>', '</xliff>', '');
  return new TextEncoder().encode(out.join('\n'));
}

/**
 * What the unit's context says beyond its notes: its description where no note says it already
 * (a context file's), and what its placeholders mean where no note lists them (ARB's does).
 */
function contextNotes(unit: Unit): [string, string][] {
  const out: [string, string][] = [];
  if (unit.description !== undefined && !unit.notes.includes(unit.description))
    out.push(['description', unit.description]);
  const meanings = Object.entries(unit.placeholders ?? {}).flatMap(([name, p]) =>
    p.description ? [`${name}: ${p.description}`] : [],
  );
  if (meanings.length > 0 && !unit.notes.some((n) => n.startsWith('Placeholders:')))
    out.push(['placeholders', meanings.join('; ')]);
  return out;
}

function transUnit(
  unit: Unit,
  id: string,
  source: string,
  target: string | undefined,
  indent: string,
  file: string,
  translate = true,
  placeholders?: string,
  /** The target is the source copied (`copySource`): marked as such, so merge leaves it out. */
  copied = false,
) {
  const width = unit.maxLength === undefined ? '' : ` maxwidth="${unit.maxLength}" size-unit="char"`;
  const attrs = `id="${escapeAttribute(encodeXliffId(id))}" resname="${escapeAttribute(encodeXliffId(unit.id))}"`;
  const no = translate ? '' : ' translate="no"';
  const lines = [`${indent}<trans-unit ${attrs}${no} xml:space="preserve"${width}>`];
  lines.push(`${indent}  <source>${xmlText(unit, source, file)}</source>`);
  const state = copied ? ' state="needs-translation"' : '';
  if (target !== undefined) lines.push(`${indent}  <target${state}>${xmlText(unit, target, file)}</target>`);
  for (const note of unit.notes) lines.push(`${indent}  <note>${xmlText(unit, note, file)}</note>`);
  for (const [from, note] of contextNotes(unit))
    lines.push(`${indent}  <note from="${from}">${xmlText(unit, note, file)}</note>`);
  // The placeholder syntaxes the source's format fills, where not every syntax (a Rails file's
  // `%{name}` only): the platform's MT then protects what qa checks (FormatModule.placeholders).
  const contexts = [
    ...(unit.context === undefined
      ? []
      : [`<context context-type="x-context">${xmlText(unit, unit.context, file)}</context>`]),
    ...(placeholders === undefined
      ? []
      : [`<context context-type="${PLACEHOLDERS_CONTEXT}">${escapeText(placeholders)}</context>`]),
  ];
  if (contexts.length > 0)
    lines.push(`${indent}  <context-group purpose="information">${contexts.join('')}</context-group>`);
  lines.push(`${indent}</trans-unit>`);
  return lines.join('\n');
}

/**
 * The first character of a unit's texts (source, plural forms, notes, context) that XLIFF 1.2
 * cannot carry (XML 1.0 allows no C0 control but tab, LF and CR, not even as a reference), as
 * `U+0008`; undefined when extractXliff can write the unit. Ids are escaped (encodeXliffId).
 */
export function xliffCannotCarry(unit: Unit): string | undefined {
  const texts = [
    unit.source,
    ...Object.values(unit.sourcePlural ?? {}),
    ...unit.notes,
    ...(unit.context === undefined ? [] : [unit.context]),
  ];
  for (const text of texts) {
    const bad = firstIllegal(text);
    if (bad >= 0) return `U+${text.codePointAt(bad)!.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return undefined;
}

/** Unit text as XLIFF character data; markup in the text (`<b>`) travels as escaped text. */
function xmlText(unit: Unit, text: string, file: string): string {
  const bad = firstIllegal(text);
  if (bad >= 0) {
    const code = text.codePointAt(bad)!.toString(16).toUpperCase().padStart(4, '0');
    const { line, column } = unit.location;
    throw new FormatError(`unit "${unit.id}" contains U+${code}, which XML 1.0 (XLIFF 1.2) cannot carry`, {
      file,
      line,
      column,
    });
  }
  return escapeText(text, { gt: true });
}

/**
 * Reads the targets of an XLIFF 1.2 document made by extractXliff (or any CAT tool that kept its
 * ids) and renders them into the original file. Empty targets are left untranslated; an id that
 * is not one of the file's units is a FormatError naming it.
 */
export function mergeXliff(
  format: FormatModule,
  bytes: Uint8Array,
  xliffBytes: Uint8Array,
  opts: MergeOptions,
) {
  const units = format.parse(bytes, { fileName: opts.fileName });
  const translations = readXliffTargets(units, xliffBytes, opts);
  // A target the file already holds, form for form, has no reason to be written again (DESIGN §7).
  for (const unit of units) {
    const given = translations.get(unit.id);
    if (given !== undefined && sameTarget(unit, given)) translations.delete(unit.id);
  }
  return format.render(bytes, translations, { targetLang: opts.targetLang, fileName: opts.fileName });
}

/**
 * Whether the language's `one` is the number 1 alone (English, German), or also takes other counts
 * (Russian 21, 31…; French 0 and 1.5): there its form is translated from the source's `other`, which
 * carries the count's placeholder — "found one page" would give msgstr[0] no `{resultCount}`, and
 * GNU msgfmt --check refuses a form that 21 reaches without it.
 */
function oneMeansOne(lang: string): boolean {
  let answer = oneMeansOneCache.get(lang);
  if (answer === undefined) {
    const rules = new Intl.PluralRules(lang);
    answer = true;
    for (let n = 0; n <= 200 && answer; n++) if (n !== 1 && rules.select(n) === 'one') answer = false;
    if (rules.select(1.5) === 'one' || rules.select(0.5) === 'one') answer = false;
    oneMeansOneCache.set(lang, answer);
  }
  return answer;
}
const oneMeansOneCache = new Map<string, boolean>();

function sameTarget(unit: Unit, given: string | PluralForms): boolean {
  if (typeof given === 'string') return unit.target === given;
  const held = unit.targetPlural;
  if (!held) return false;
  const keys = Object.keys(given) as PluralCategory[];
  return keys.length === Object.keys(held).length && keys.every((k) => held[k] === given[k]);
}

/**
 * The targets of an XLIFF 1.2 document made by extractXliff for `units` (a file's, or a delta's
 * subset), by unit id, plural groups put back together. Empty targets are not translations.
 */
export function readXliffTargets(
  units: readonly Unit[],
  xliffBytes: Uint8Array,
  opts: Pick<MergeOptions, 'fileName' | 'xliffName'>,
): Map<string, string | PluralForms> {
  const byId = new Map(units.map((u) => [u.id, u]));
  const xliffName = opts.xliffName ?? `${opts.fileName}.xlf`;
  const { doc, positions } = loadXml(xliffBytes, { fileName: xliffName });
  const fail = (message: string, at: XmlElement): never => {
    throw positions.error(message, at.start, xliffName);
  };
  if (localName(doc.root.name) !== 'xliff')
    fail(`expected an <xliff> document, found <${doc.root.name}>`, doc.root);
  const translations = new Map<string, string | PluralForms>();
  const plurals = new Map<string, { forms: Partial<PluralForms>; at: XmlElement }>();
  for (const tu of transUnits(doc.root)) {
    const written = attribute(tu, 'id') ?? fail('<trans-unit> without an id', tu);
    const group = tu.parent;
    const inPlural =
      group && localName(group.name) === 'group' && attribute(group, 'restype') === PLURAL_RESTYPE;
    const match = inPlural ? /^(.*)\[(zero|one|two|few|many|other)\]$/s.exec(decodeXliffId(written)) : null;
    const id = match ? match[1]! : decodeXliffId(written);
    const unit = byId.get(id);
    if (!unit || Boolean(unit.sourcePlural) !== Boolean(match)) {
      fail(`XLIFF id "${written}" does not belong to ${opts.fileName}`, tu);
    }
    const target = tu.children.find(
      (c): c is XmlElement => c.kind === 'element' && localName(c.name) === 'target',
    );
    const text = target ? targetText(target, fail) : '';
    if (text === '') continue;
    // The source copied as a placeholder (extract's copySource) and left as it was: no translation.
    // Edited, or marked otherwise by a translator's tool, it is one — even when equal to the source.
    if (attribute(target!, 'state') === 'needs-translation') {
      const source = tu.children.find(
        (c): c is XmlElement => c.kind === 'element' && localName(c.name) === 'source',
      );
      if (source && targetText(source, fail) === text) continue;
    }
    if (!match) {
      translations.set(id, text);
      continue;
    }
    const entry = plurals.get(id) ?? { forms: {}, at: tu };
    entry.forms[match[2] as PluralCategory] = text;
    plurals.set(id, entry);
  }
  for (const [id, { forms, at }] of plurals) {
    if (forms.other === undefined) fail(`plural unit "${id}" has no target for the category other`, at);
    translations.set(id, forms as PluralForms);
  }
  return translations;
}

function transUnits(element: XmlElement, into: XmlElement[] = []): XmlElement[] {
  for (const child of element.children) {
    if (child.kind !== 'element') continue;
    if (localName(child.name) === 'trans-unit') into.push(child);
    else transUnits(child, into);
  }
  return into;
}

/** Target text: inline codes with native data (`<ph>`, `<bpt>`…) give it back; `<g>`, `<mrk>` are transparent. */
function targetText(element: XmlElement, fail: (message: string, at: XmlElement) => never): string {
  let out = '';
  for (const child of element.children) {
    if (child.kind === 'text' || child.kind === 'cdata') out += child.value;
    if (child.kind !== 'element') continue;
    const name = localName(child.name);
    if (name === 'g' || name === 'mrk') out += targetText(child, fail);
    else if (name === 'ph' || name === 'bpt' || name === 'ept' || name === 'it') out += textContent(child);
    else fail(`inline <${child.name}> carries no original data to merge back`, child);
  }
  return out;
}
