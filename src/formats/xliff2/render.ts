import type { Edit } from '../file-text.ts';
import { renderContent } from '../kit/xml/content.ts';
import { attribute, indentOf, type LoadedXml, setAttributeEdit, startTagClose } from '../kit/xml/document.ts';
import type { Translations } from '../model.ts';
import { readXliff2, type Segment, XLIFF2_INLINE } from './read.ts';

/**
 * Edits that put translations into an XLIFF 2.0 document: a segment's `<target>` gets the content
 * (inserted after `</source>` with its indentation when missing), the segment gets
 * `state="translated"`, and the root's `trgLang` is set to the target language — added when missing,
 * since XLIFF 2.0 requires it once a document has targets. Equal to the existing target: no change;
 * equal to the source: written (a translation may say what the source says; an untranslated
 * segment is one without a `<target>`).
 */
export function renderXliff2(loaded: LoadedXml, translations: Translations, targetLang: string): Edit[] {
  const edits: Edit[] = [];
  const root = readXliff2(loaded, (segment) => {
    const { unit } = segment;
    const translation = translations.get(unit.id);
    if (typeof translation !== 'string' || !unit.translatable) return;
    if (translation === unit.target) return;
    const content = renderContent(loaded, segment.text, unit.source, translation, XLIFF2_INLINE, unit.id);
    edits.push(
      ...targetEdits(loaded, segment, content),
      setAttributeEdit(segment.segment, 'state', 'translated'),
    );
  });
  if (edits.length > 0 && attribute(root, 'trgLang') !== targetLang) {
    edits.push(setAttributeEdit(root, 'trgLang', targetLang));
  }
  return edits;
}

function targetEdits(loaded: LoadedXml, segment: Segment, content: string): Edit[] {
  const { text, newline } = loaded;
  const { source, target } = segment;
  if (!target) {
    const indent = indentOf(text, source.start);
    const name = source.name.replace(/source$/, 'target');
    const line = indent || text[source.start - 1] === '\n' ? newline + indent : '';
    return [{ start: source.end, end: source.end, replacement: `${line}<${name}>${content}</${name}>` }];
  }
  if (!target.selfClosing) return [{ start: target.openEnd, end: target.closeStart, replacement: content }];
  const slash = startTagClose(text, target);
  return [{ start: slash, end: target.end, replacement: `>${content}</${target.name}>` }];
}
