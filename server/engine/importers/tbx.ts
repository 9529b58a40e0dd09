import { countSkipped, describePair, describeSkipped, nothingImported, type ReadContext } from './context.ts';
import { notA } from './detect.ts';
import { bestRanked, LanguagesSeen, tagParser } from './languages.ts';
import { joinNotes } from './metadata.ts';
import type { ImportedTerm } from './types.ts';
import type { XmlReader } from './xml-stream.ts';
import {
  attribute,
  childElements,
  errorAt,
  isElement,
  localName,
  plainText,
  type TreeElement,
} from './xml-tree.ts';

const ENTRIES = new Set(['termEntry', 'conceptEntry']);
const LANGUAGE_SECTIONS = new Set(['langSet', 'langSec']);
const TERM_HOLDERS = new Set(['tig', 'ntig', 'termSec']);
/** Elements whose text becomes notes (TBX-Basic `descrip`/`note`, DCT-style `basic:definition`). */
const NOTE_ELEMENTS = new Set(['descrip', 'note', 'definition']);

interface Term {
  text: string;
  notes: string[];
}

interface Section {
  element: TreeElement;
  terms: Term[];
  notes: string[];
}

/**
 * TBX 2 (`<martif>`, `termEntry` → `langSet` → `tig`/`ntig` → `term`) and TBX 3 (`<tbx>`,
 * `conceptEntry` → `langSec` → `termSec` → `term`). For each entry the language sections that best
 * fit the memory's source and target (languages.ts) are paired, one ImportedTerm per source term ×
 * target term. `descrip` (as "type: text") and `note` of the entry, of the two sections and of the
 * two terms become notes. Entries without both languages are skipped and counted.
 */
export function tbxReader(context: ReadContext): XmlReader<ImportedTerm> {
  const languages = new LanguagesSeen();
  const parseTag = tagParser();
  let entries = 0;
  return {
    open(tag, depth) {
      if (depth === 0 && !['martif', 'tbx'].includes(localName(tag.name))) {
        throw notA(context.name, context.format, `the root element is <${tag.name}>`);
      }
      return ENTRIES.has(localName(tag.name));
    },
    element(entry, emit) {
      entries++;
      const sections = childElements(entry)
        .filter((child) => LANGUAGE_SECTIONS.has(localName(child.name)))
        .map(readSection);
      for (const section of sections) languages.add(attribute(section.element, 'xml:lang', 'lang'));
      const tagOf = (section: Section) => parseTag(attribute(section.element, 'xml:lang', 'lang') ?? '');
      const sources = bestRanked(sections, tagOf, context.sides.source);
      const targets = bestRanked(sections, tagOf, context.sides.target).filter((s) => !sources.includes(s));
      if (sources.length === 0 || targets.length === 0) return countSkipped(context.stats, 'language');
      const entryNotes = notesOf(entry, LANGUAGE_SECTIONS);
      let pairs = 0;
      for (const source of sources) {
        for (const sourceTerm of source.terms) {
          for (const target of targets) {
            for (const targetTerm of target.terms) {
              const notes = joinNotes([
                ...entryNotes,
                ...source.notes,
                ...sourceTerm.notes,
                ...target.notes,
                ...targetTerm.notes,
              ]);
              emit(
                notes === undefined
                  ? { source: sourceTerm.text, target: targetTerm.text }
                  : { source: sourceTerm.text, target: targetTerm.text, notes },
              );
              pairs++;
            }
          }
        }
      }
      if (pairs === 0) countSkipped(context.stats, 'empty');
      context.stats.imported += pairs;
    },
    finish() {
      if (context.stats.imported > 0) return;
      if (entries === 0) throw nothingImported(context, 'the termbase holds no entries', 'is it empty?');
      const why =
        context.stats.skippedBy['language'] === entries
          ? `no entry holds both languages of the memory (${describePair(context)})`
          : `none of the ${entries} entries is importable (${describeSkipped(context.stats)})`;
      throw nothingImported(context, why, `languages found: ${languages.describe()}`);
    },
  };
}

function readSection(section: TreeElement): Section {
  if (!attribute(section, 'xml:lang', 'lang')) throw errorAt(section, `<${section.name}> without xml:lang`);
  const terms: Term[] = [];
  for (const holder of childElements(section)) {
    if (!TERM_HOLDERS.has(localName(holder.name))) continue;
    const term = findTerm(holder);
    if (!term) throw errorAt(holder, `<${holder.name}> without <term>`);
    const text = plainText(term).trim();
    if (text) terms.push({ text, notes: notesOf(holder, new Set(['term'])) });
  }
  return { element: section, terms, notes: notesOf(section, TERM_HOLDERS) };
}

/** The `<term>` of a `tig`/`termSec`, or of an `ntig`'s `termGrp`. */
function findTerm(holder: TreeElement): TreeElement | undefined {
  for (const child of holder.children) {
    if (!isElement(child)) continue;
    if (localName(child.name) === 'term') return child;
    if (localName(child.name) === 'termGrp') return findTerm(child);
  }
  return undefined;
}

/** Notes among an element's children and inside `descripGrp`s, not descending into `skip`. */
function notesOf(element: TreeElement, skip: ReadonlySet<string>, into: string[] = []): string[] {
  for (const child of childElements(element)) {
    const name = localName(child.name);
    if (skip.has(name)) continue;
    if (NOTE_ELEMENTS.has(name)) {
      const type =
        name === 'descrip' ? attribute(child, 'type') : name === 'definition' ? 'definition' : undefined;
      const text = plainText(child).trim();
      if (text) into.push(type ? `${type}: ${text}` : text);
    } else if (name === 'descripGrp' || name === 'termGrp') {
      notesOf(child, skip, into);
    }
  }
  return into;
}
