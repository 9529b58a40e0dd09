import {
  checkDeclaredLanguage,
  countSkipped,
  describeSkipped,
  nothingImported,
  type ReadContext,
} from './context.ts';
import { joinNotes } from './metadata.ts';
import type { ImportedSegment } from './types.ts';
import type { XmlReader } from './xml-stream.ts';
import {
  attribute,
  childElements,
  errorAt,
  firstChild,
  localName,
  markupText,
  plainText,
} from './xml-tree.ts';

/**
 * XLIFF 2.x: `srcLang`/`trgLang` on the root must fit the memory; every `<segment>` of a `<unit>`
 * with a non-empty `<target>` is imported unless its `state` is `initial`. The standard makes an
 * absent state mean initial, but most tools that write targets never set it, so an absent state with
 * a target counts as translated. Inline `<ph>/<pc>/<sc>/<ec>/<mrk>/<sm>/<em>/<cp>` stay as tags;
 * the unit's `<notes>` become notes and its `name` the context.
 */
export function xliff20Reader(context: ReadContext): XmlReader<ImportedSegment> {
  let segments = 0;
  return {
    open(tag, depth) {
      if (depth === 0) {
        checkDeclaredLanguage(context, tag.attributes['srcLang'], 'source', tag, 'srcLang');
        checkDeclaredLanguage(context, tag.attributes['trgLang'], 'target', tag, 'trgLang');
      }
      return localName(tag.name) === 'unit';
    },
    element(unit, emit) {
      if (unit.attributes['translate'] === 'no') return;
      const notesHolder = firstChild(unit, 'notes');
      const notes = joinNotes(notesHolder ? childElements(notesHolder, 'note').map(plainText) : []);
      const name = attribute(unit, 'name');
      for (const segment of childElements(unit, 'segment')) {
        segments++;
        const source = firstChild(segment, 'source');
        if (!source) throw errorAt(segment, '<segment> without <source>');
        const target = firstChild(segment, 'target');
        const sourceText = markupText(source);
        const targetText = target ? markupText(target) : '';
        if (!sourceText.trim()) {
          countSkipped(context.stats, 'empty');
        } else if (!targetText.trim() || attribute(segment, 'state') === 'initial') {
          countSkipped(context.stats, 'untranslated');
        } else {
          const imported: ImportedSegment = { source: sourceText, target: targetText };
          if (notes !== undefined) imported.notes = notes;
          if (name) imported.context = name;
          emit(imported);
          context.stats.imported++;
        }
      }
    },
    finish() {
      if (context.stats.imported > 0) return;
      if (segments === 0)
        throw nothingImported(context, 'the XLIFF document holds no segments', 'is it empty?');
      throw nothingImported(
        context,
        `none of the ${segments} segments is translated`,
        `skipped: ${describeSkipped(context.stats)}`,
      );
    },
  };
}
