import type { Edit } from '../file-text.ts';
import { renderContent } from '../kit/xml/content.ts';
import { attribute, indentOf, type LoadedXml, setAttributeEdit, startTagClose } from '../kit/xml/document.ts';
import type { XmlElement } from '../kit/xml/nodes.ts';
import type { Translations } from '../model.ts';
import { readXliff12, type TransUnit, XLIFF12_INLINE } from './read.ts';

/**
 * Edits that put translations into an XLIFF 1.2 document: an existing `<target>` gets its content
 * replaced, otherwise a `<target>` is inserted after `</source>` (or `</seg-source>`) on its own
 * line with the source's indentation. The target gets `state="translated"`, and each `<file>` that
 * received a translation gets its `target-language` set when it has that attribute (an absent one
 * is not added: the file stays as its tool wrote it). A translation equal to the existing target
 * changes nothing; one equal to the source is written — German "Browser" for "Browser" is a
 * translation, and a unit without a `<target>` is what an untranslated unit looks like.
 */
export function renderXliff12(loaded: LoadedXml, translations: Translations, targetLang: string): Edit[] {
  const edits: Edit[] = [];
  const changedFiles = new Set<XmlElement>();
  readXliff12(loaded, (entry) => {
    const { unit } = entry;
    const translation = translations.get(unit.id);
    if (typeof translation !== 'string' || !unit.translatable) return;
    if (translation === unit.target) return;
    const content = renderContent(loaded, entry.text, unit.source, translation, XLIFF12_INLINE, unit.id);
    edits.push(...targetEdits(loaded, entry, content));
    changedFiles.add(entry.file);
  });
  for (const file of changedFiles) {
    const current = attribute(file, 'target-language');
    if (current !== undefined && current !== targetLang)
      edits.push(setAttributeEdit(file, 'target-language', targetLang));
  }
  return edits;
}

function targetEdits(loaded: LoadedXml, entry: TransUnit, content: string): Edit[] {
  const { text, newline } = loaded;
  const { target } = entry;
  if (!target) {
    const anchor = entry.segSource ?? entry.source;
    const indent = indentOf(text, entry.source.start);
    const name = entry.source.name.replace(/source$/, 'target');
    const line = indent || text[entry.source.start - 1] === '\n' ? newline + indent : '';
    const replacement = `${line}<${name} state="translated">${content}</${name}>`;
    return [{ start: anchor.end, end: anchor.end, replacement }];
  }
  const state = setAttributeEdit(target, 'state', 'translated');
  if (!target.selfClosing)
    return [state, { start: target.openEnd, end: target.closeStart, replacement: content }];
  // `<target/>` becomes `<target …>content</target>`; the attribute edit comes first at a shared index.
  const slash = startTagClose(text, target);
  return [state, { start: slash, end: target.end, replacement: `>${content}</${target.name}>` }];
}
