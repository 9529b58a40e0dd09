import type { Edit } from '../file-text.ts';
import { CATEGORY_ORDER } from '../kit/plural-forms.ts';
import { indentOf, type LoadedXml, startTagClose } from '../kit/xml/document.ts';
import { escapeText } from '../kit/xml/entities.ts';
import type { XmlElement } from '../kit/xml/nodes.ts';
import type { PluralCategory, PluralForms, RenderOptions, Translations } from '../model.ts';
import { type PlistEntry, readStringsdict } from './read.ts';

/**
 * Edits that put translations into a `.stringsdict`. A plural rule gets the target language's CLDR
 * categories, created in category order with the plist's indentation; an entry for a category the
 * language does not use is removed unless the translation gives it (a `zero` entry, which Apple
 * applies to 0 in every language, stays when translated). A rule whose forms are people's, carried
 * over (`options.asWritten`), gets exactly the categories they wrote, empty ones included.
 */
export function renderStringsdict(
  loaded: LoadedXml,
  translations: Translations,
  options: RenderOptions,
): Edit[] {
  const edits: Edit[] = [];
  const needed = new Intl.PluralRules(options.targetLang).resolvedOptions()
    .pluralCategories as PluralCategory[];
  readStringsdict(loaded, (entry) => {
    const translation = translations.get(entry.unit.id);
    if (translation === undefined) return;
    if (entry.kind === 'format') {
      if (typeof translation === 'string' && translation !== entry.unit.source) {
        edits.push(valueEdit(loaded, entry.value, translation));
      }
      return;
    }
    if (typeof translation === 'string') return;
    const source = entry.unit.sourcePlural!;
    if (CATEGORY_ORDER.every((c) => translation[c] === source[c])) return;
    // People's forms carried over (asWritten) are written as they are: no category added or taken.
    const categories = options.asWritten?.has(entry.unit.id)
      ? CATEGORY_ORDER.filter((c) => translation[c] !== undefined)
      : needed;
    edits.push(...pluralEdits(loaded, entry.entries, source, translation, categories));
  });
  return edits;
}

function pluralEdits(
  loaded: LoadedXml,
  entries: Map<PluralCategory, PlistEntry>,
  source: PluralForms,
  forms: PluralForms,
  categories: PluralCategory[],
): Edit[] {
  const { text, newline } = loaded;
  // The target's categories, and any the translation gives (a source-only one survives an exchange round trip).
  const wanted = CATEGORY_ORDER.filter((c) => categories.includes(c) || forms[c] !== undefined);
  const edits: Edit[] = [];
  // A rule without `other` (read.ts lets its last form stand in) whose categories the target
  // does not use: its last entry becomes `other`, so the new categories have a place to go.
  const last = [...entries].at(-1);
  if (last && !entries.has('other') && ![...entries.keys()].some((c) => wanted.includes(c))) {
    entries = new Map([...entries].filter(([c]) => c !== last[0]));
    entries.set('other', last[1]);
    edits.push({ start: last[1].key.openEnd, end: last[1].key.closeStart, replacement: 'other' });
  }
  for (const [category, entry] of entries) {
    if (!wanted.includes(category)) {
      const indent = indentOf(text, entry.key.start);
      const from = entry.key.start - indent.length;
      const start = text[from - 1] === '\n' ? from - (text[from - 2] === '\r' ? 2 : 1) : from;
      edits.push({ start, end: entry.value.end, replacement: '' });
      continue;
    }
    const value = forms[category] ?? forms.other;
    if (value !== source[category]) edits.push(valueEdit(loaded, entry.value, value));
  }
  const kept = CATEGORY_ORDER.filter((c) => entries.has(c) && wanted.includes(c));
  for (const category of wanted) {
    if (entries.has(category) || !categories.includes(category)) continue;
    const next = kept.find((c) => CATEGORY_ORDER.indexOf(c) > CATEGORY_ORDER.indexOf(category));
    const anchor = entries.get(next ?? kept[kept.length - 1]!)!;
    const between = text.slice(anchor.key.end, anchor.value.start);
    const value = escapeText(forms[category] ?? forms.other, { gt: usesGt(text, anchor.value), newline });
    const pair = `<key>${category}</key>${between}<string>${value}</string>`;
    const indent = indentOf(text, anchor.key.start);
    const line = indent || text[anchor.key.start - 1] === '\n' ? newline + indent : '';
    edits.push(
      next
        ? { start: anchor.key.start, end: anchor.key.start, replacement: `${pair}${line}` }
        : { start: anchor.value.end, end: anchor.value.end, replacement: `${line}${pair}` },
    );
  }
  return edits;
}

function valueEdit(loaded: LoadedXml, element: XmlElement, translation: string): Edit {
  const content = escapeText(translation, { gt: usesGt(loaded.text, element), newline: loaded.newline });
  if (!element.selfClosing) return { start: element.openEnd, end: element.closeStart, replacement: content };
  const slash = startTagClose(loaded.text, element);
  return { start: slash, end: element.end, replacement: `>${content}</${element.name}>` };
}

function usesGt(text: string, element: XmlElement): boolean {
  return text.slice(element.openEnd, element.closeStart).includes('&gt;');
}
