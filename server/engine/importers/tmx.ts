import { countSkipped, describePair, describeSkipped, nothingImported, type ReadContext } from './context.ts';
import { notA } from './detect.ts';
import { LanguagesSeen, type LanguageTag, pickPair, tagParser } from './languages.ts';
import { emailOf, joinNotes, parseTmxDate } from './metadata.ts';
import type { ImportedSegment } from './types.ts';
import type { XmlReader } from './xml-stream.ts';
import {
  attribute,
  childElements,
  errorAt,
  firstChild,
  localName,
  plainText,
  type TreeElement,
} from './xml-tree.ts';

interface Variant {
  element: TreeElement;
  tag: LanguageTag | undefined;
  text: string;
}

/**
 * TMX 1.1–1.4b (and TMX-structured TMQ): each `<tu>` gives one segment when it holds a `<tuv>` for
 * the memory's source and one for its target (see languages.ts for locale preference); others are
 * skipped and counted. Inline codes are stored as the placeholders they stand for, never as TMX
 * markup (see segText). `<note>`s and `<prop type="…">`s of the `<tu>` and of the two chosen
 * `<tuv>`s become notes ("type: value"), except `x-context`, which becomes the context.
 * `creationdate` (else `changedate`) gives createdAt; `creationid`/`changeid` give userEmail when
 * they are e-mail addresses. A `<tuv>` without a language or without `<seg>` fails the import.
 */
export function tmxReader(context: ReadContext): XmlReader<ImportedSegment> {
  const languages = new LanguagesSeen();
  const parseTag = tagParser();
  let units = 0;
  return {
    open(tag, depth) {
      if (depth === 0 && localName(tag.name) !== 'tmx') {
        throw notA(context.name, context.format, `the root element is <${tag.name}>`);
      }
      return tag.name === 'tu';
    },
    element(tu, emit) {
      units++;
      const variants = childElements(tu, 'tuv').map((tuv) => readVariant(tuv, parseTag));
      for (const variant of variants) languages.add(attribute(variant.element, 'xml:lang', 'lang'));
      const picked = pickPair(variants, (variant) => variant.tag, context.sides);
      if (!picked) return countSkipped(context.stats, 'language');
      const { source, target } = picked;
      if (!source.text.trim() || !target.text.trim()) return countSkipped(context.stats, 'empty');
      emit(segmentOf(tu, source.element, target.element, source.text, target.text));
      context.stats.imported++;
    },
    finish() {
      if (context.stats.imported > 0) return;
      if (units === 0)
        throw nothingImported(context, 'the TMX document holds no <tu> elements', 'is it empty?');
      if (context.stats.skippedBy['language'] === units) {
        throw nothingImported(
          context,
          `no <tu> holds both languages of the memory (${describePair(context)})`,
          `languages found: ${languages.describe()}`,
        );
      }
      throw nothingImported(
        context,
        `none of the ${units} <tu> elements is importable (${describeSkipped(context.stats)})`,
        `languages found: ${languages.describe()}`,
      );
    },
  };
}

function readVariant(tuv: TreeElement, parseTag: (raw: string) => LanguageTag | undefined): Variant {
  const lang = attribute(tuv, 'xml:lang', 'lang');
  if (!lang?.trim()) throw errorAt(tuv, '<tuv> without xml:lang');
  const seg = firstChild(tuv, 'seg');
  if (!seg) throw errorAt(tuv, '<tuv> without <seg>');
  return { element: tuv, tag: parseTag(lang), text: segText(seg) };
}

/** TMX 1.4b §3.7.3: the codes whose content is the native code of the original. */
const NATIVE_CODES = new Set(['bpt', 'ept', 'it', 'ph', 'ut']);

/**
 * A `<seg>` as the text the original held: `<bpt>&lt;b&gt;</bpt>` gives `<b>`, `<ph>{0}</ph>` gives
 * `{0}`, `<hi>` is transparent (highlighting only; its content is text). So a TM match put into a
 * JSON, YAML or Android string carries the original's placeholders and tags, which matching and
 * QA know (`<b>`, `{0}`, `%s`), and never TMX markup. A code without native data (`<ph x="1"/>`)
 * has nothing a file could hold and is left out, as Okapi does when it writes such a code to a
 * native format. Unknown elements are transparent too, so their text is not lost.
 */
function segText(element: TreeElement): string {
  let out = '';
  for (const child of element.children) {
    if (typeof child === 'string') out += child;
    else if (NATIVE_CODES.has(localName(child.name))) out += plainText(child);
    else out += segText(child);
  }
  return out;
}

function segmentOf(
  tu: TreeElement,
  source: TreeElement,
  target: TreeElement,
  sourceText: string,
  targetText: string,
): ImportedSegment {
  const notes: string[] = [];
  let context: string | undefined;
  for (const holder of [tu, source, target]) {
    for (const child of childElements(holder)) {
      const name = localName(child.name);
      if (name === 'note') notes.push(plainText(child));
      if (name !== 'prop') continue;
      const type = attribute(child, 'type') ?? '';
      if (type.toLowerCase() === 'x-context') context ??= plainText(child).trim() || undefined;
      else notes.push(type ? `${type}: ${plainText(child)}` : plainText(child));
    }
  }
  const createdAt =
    date(tu, 'creationdate') ??
    date(target, 'creationdate') ??
    date(source, 'creationdate') ??
    date(tu, 'changedate') ??
    date(target, 'changedate');
  const userEmail = emailOf(
    tu.attributes['creationid'],
    tu.attributes['changeid'],
    target.attributes['creationid'],
    target.attributes['changeid'],
  );
  const segment: ImportedSegment = { source: sourceText, target: targetText };
  const joined = joinNotes(notes);
  if (joined !== undefined) segment.notes = joined;
  if (createdAt !== undefined) segment.createdAt = createdAt;
  if (userEmail !== undefined) segment.userEmail = userEmail;
  if (context !== undefined) segment.context = context;
  return segment;
}

function date(element: TreeElement, name: string): number | undefined {
  return parseTmxDate(element.attributes[name]);
}
