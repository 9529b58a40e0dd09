import type { Edit } from '../file-text.ts';
import { indentOf, type LoadedXml, setAttributeEdit, startTagClose } from '../kit/xml/document.ts';
import { markupOf, renderMixed, withoutMarkup } from '../kit/xml/inline.ts';
import type { XmlCData, XmlElement } from '../kit/xml/nodes.ts';
import { parseXml } from '../kit/xml/parse.ts';
import type { PluralCategory, PluralForms, Translations } from '../model.ts';
import { type EscapeOptions, escapeAndroid, spacesCollapse } from './escape.ts';
import { ANDROID_INLINE, type AndroidEntry, androidText, readAndroid } from './read.ts';

const ORDER: PluralCategory[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

/**
 * Edits that put translations into an Android resources file. A value keeps its style: a value
 * written as `"…"` stays quoted, a CDATA section stays CDATA; a plain value becomes quoted only when
 * the translation's spaces would otherwise collapse. Plurals get exactly the target language's CLDR
 * categories: missing `<item quantity>` entries are created in category order with the items'
 * indentation; items for categories the language does not use are removed unless the translation
 * gives that category explicitly (apps that keep `zero` on purpose, with tools:ignore="UnusedQuantity").
 */
export function renderAndroid(loaded: LoadedXml, translations: Translations, targetLang: string): Edit[] {
  const edits: Edit[] = [];
  const categories = new Intl.PluralRules(targetLang).resolvedOptions().pluralCategories as PluralCategory[];
  readAndroid(loaded, (entry) => {
    const translation = translations.get(entry.unit.id);
    if (translation === undefined || !entry.unit.translatable) return;
    if (entry.kind === 'text') {
      if (typeof translation !== 'string' || translation === entry.unit.source) return;
      edits.push(valueEdit(loaded, entry.element, entry.unit.source, translation, entry.unit.id));
    } else if (typeof translation !== 'string' && !samePlurals(translation, entry.unit.sourcePlural!)) {
      edits.push(...pluralEdits(loaded, entry, translation, categories));
    }
  });
  return edits;
}

function samePlurals(a: PluralForms, b: PluralForms): boolean {
  return ORDER.every((c) => a[c] === b[c]);
}

function pluralEdits(
  loaded: LoadedXml,
  entry: Extract<AndroidEntry, { kind: 'plurals' }>,
  forms: PluralForms,
  categories: PluralCategory[],
): Edit[] {
  const { text } = loaded;
  const edits: Edit[] = [];
  const source = entry.unit.sourcePlural!;
  let items = entry.items;
  const last = [...items].at(-1)!;
  // Plurals without `other` (read.ts lets the last item stand in) whose quantities the target
  // does not use: the last item becomes `other`, so the new items have a place to go.
  if (!items.has('other') && !ORDER.some((c) => items.has(c) && categories.includes(c))) {
    items = new Map([...items].filter(([c]) => c !== last[0]));
    items.set('other', last[1]);
    edits.push(setAttributeEdit(last[1], 'quantity', 'other'));
  }
  const kept = ORDER.filter((c) => items.has(c) && categories.includes(c));
  const model = items.get('other') ?? last[1];
  for (const [category, item] of items) {
    if (!categories.includes(category) && forms[category] === undefined) {
      // The item goes with the whitespace that indents it.
      const indent = indentOf(text, item.start);
      const from = item.start - indent.length;
      const start = text[from - 1] === '\n' ? from - (text[from - 2] === '\r' ? 2 : 1) : from;
      edits.push({ start, end: item.end, replacement: '' });
      continue;
    }
    const value = forms[category] ?? forms.other;
    if (value !== source[category])
      edits.push(valueEdit(loaded, item, source[category]!, value, entry.unit.id));
  }
  for (const category of categories) {
    if (items.has(category)) continue;
    const value = forms[category] ?? forms.other;
    const quote = model.attributes.find((a) => a.name === 'quantity')?.quote ?? '"';
    const content = valueContent(loaded, model, source.other, value, entry.unit.id);
    const item = `<item quantity=${quote}${category}${quote}>${content}</item>`;
    const next = kept.find((c) => ORDER.indexOf(c) > ORDER.indexOf(category));
    const anchor = items.get(next ?? kept[kept.length - 1]!)!;
    const indent = indentOf(text, anchor.start);
    const line = indent || text[anchor.start - 1] === '\n' ? loaded.newline + indent : '';
    edits.push(
      next
        ? { start: anchor.start, end: anchor.start, replacement: `${item}${line}` }
        : { start: anchor.end, end: anchor.end, replacement: `${line}${item}` },
    );
  }
  return edits;
}

/** The edit that replaces a string's or item's value (filling `<string/>` when self-closing). */
function valueEdit(
  loaded: LoadedXml,
  element: XmlElement,
  source: string,
  translation: string,
  id: string,
): Edit {
  const content = valueContent(loaded, element, source, translation, id);
  if (!element.selfClosing) return { start: element.openEnd, end: element.closeStart, replacement: content };
  const slash = startTagClose(loaded.text, element);
  return { start: slash, end: element.end, replacement: `>${content}</${element.name}>` };
}

const RAW_APOSTROPHE = /(^|[^\\])'/;

/** Escaped content for a translation in the style of `model` (the element whose value it replaces). */
function valueContent(loaded: LoadedXml, model: XmlElement, source: string, translation: string, id: string) {
  const { text } = loaded;
  const cdata = soleCData(model);
  if (cdata) {
    const inner = cdata.value.trim();
    const quoted = isQuoted(inner) || spacesCollapse(translation);
    const options = { quoted, cdata: true, rawApostrophe: RAW_APOSTROPHE.test(inner), gt: false };
    const body = escapeAndroid(translation, true, options);
    const value = quoted ? `"${body}"` : body;
    return `${text.slice(model.openEnd, cdata.start)}<![CDATA[${value}]]>${text.slice(cdata.end, model.closeStart)}`;
  }
  const raw = text.slice(model.openEnd, model.closeStart);
  const quotedInFile = isQuoted(raw.trim());
  const rawApostrophe = quotedInFile && RAW_APOSTROPHE.test(raw);
  const gt = raw.includes('&gt;');
  // Without a `<` in the translation there is no markup to keep: escape the text as one run.
  const plainText = !translation.includes('<');
  const render = (quoted: boolean) => {
    const options: EscapeOptions = { quoted, cdata: false, rawApostrophe, gt };
    if (plainText) return escapeAndroid(translation, true, options);
    return renderMixed(translation, {
      escape: (t, atStart) => escapeAndroid(t, atStart, options),
      known: ANDROID_INLINE,
      source,
      sourceMarkup: markupOf(text, model),
      fail: (message) => {
        throw loaded.positions.error(`translation of "${id}": ${message}`, model.start, loaded.fileName);
      },
    });
  };
  if (quotedInFile) return `"${render(true)}"`;
  const plain = render(false);
  // Spaces collapse at the ends, when doubled, and across markup: then the value needs quotes.
  // (Only when the text around the markup has such spaces is it worth reading the value back.)
  const collapses =
    spacesCollapse(translation) ||
    (!plainText && spacesCollapse(withoutMarkup(translation)) && readBack(plain) !== translation);
  return collapses ? `"${render(true)}"` : plain;
}

function isQuoted(trimmed: string): boolean {
  return trimmed.length > 1 && trimmed.startsWith('"') && trimmed.endsWith('"') && !trimmed.endsWith('\\"');
}

/** The element's only CDATA section when it holds nothing else but whitespace. */
function soleCData(element: XmlElement): XmlCData | undefined {
  let found: XmlCData | undefined;
  for (const child of element.children) {
    if (child.kind === 'cdata' && !found) found = child;
    else if (!(child.kind === 'text' && child.value.trim() === '')) return undefined;
  }
  return found;
}

/** What aapt would read from plain content (only used to decide on quoting). */
function readBack(content: string): string {
  const wrapped = `<v>${content}</v>`;
  return androidText(wrapped, parseXml(wrapped).root, (message) => {
    throw new Error(message);
  });
}
