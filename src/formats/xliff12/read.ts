import {
  attribute,
  childElements,
  firstChild,
  type LoadedXml,
  localName,
  scanLoaded,
  textContent,
} from '../kit/xml/document.ts';
import { mixedText } from '../kit/xml/inline.ts';
import type { XmlElement } from '../kit/xml/nodes.ts';
import { ancestor, DocumentUnitIds, sameLanguage, translatable } from '../kit/xml/xliff-units.ts';
import type { Unit } from '../model.ts';
import { type PlaceholderSyntax, SYNTAX_NAMES } from '../placeholders/types.ts';

/** Inline elements of XLIFF 1.2 (§2.4): they must stay paired in a translation. */
export const XLIFF12_INLINE: ReadonlySet<string> = new Set([
  'g',
  'x',
  'bx',
  'ex',
  'bpt',
  'ept',
  'ph',
  'it',
  'mrk',
  'sub',
]);

/**
 * The context-type under which extractXliff writes the placeholder syntaxes of the source's format
 * (`ruby tags` for a Rails unit); read back as the unit's flag `x-placeholders:ruby tags`, which
 * xliff12Format.placeholders answers with, so MT on an extracted delta protects what qa checks.
 */
export const PLACEHOLDERS_CONTEXT = 'x-placeholders';

/** The syntaxes a unit's `x-placeholders` flag names, or undefined. */
export function flaggedPlaceholders(unit: Unit): readonly PlaceholderSyntax[] | undefined {
  const flag = unit.flags.find((f) => f.startsWith(`${PLACEHOLDERS_CONTEXT}:`));
  if (!flag) return undefined;
  const names = flag
    .slice(PLACEHOLDERS_CONTEXT.length + 1)
    .split(/\s+/)
    .filter((n) => SYNTAX_NAMES.has(n));
  return names.length > 0 ? (names as PlaceholderSyntax[]) : undefined;
}

/** One `<trans-unit>` with the elements render needs. */
export interface TransUnit {
  unit: Unit;
  element: XmlElement;
  file: XmlElement;
  source: XmlElement;
  /** `<seg-source>`, after which a new target goes when present. */
  segSource: XmlElement | undefined;
  target: XmlElement | undefined;
  /** The element the unit's source text was read from: `<target>` where it holds the text (keysAsSource). */
  text: XmlElement;
}

/**
 * Keys as source (Symfony's `translation:extract`: `<source>note</source><target>NOTE</target>` in
 * `messages+intl-icu.en.xlf`): where a `<file>`'s `target-language` is its `source-language`, the
 * text of that language is the `<target>` (Symfony's XliffFileLoader shows `target ?? source`), so a
 * unit's source text is read from a non-empty `<target>`; the `<source>` stays the key, and render
 * writes other languages' targets next to it, as Symfony's files for other locales are written.
 *
 * Reads every `<trans-unit>` of every `<file>`, handing each to `onUnit` as soon as it is complete
 * (only one trans-unit's subtree is held at a time). Ids are the trans-unit ids; an id an earlier
 * `<file>` already used gets the file's `original` as prefix (`original#id`), so ids stay unique:
 * XLIFF 1.2 wants them unique only within a `<file>`. Unit text keeps inline tags as written (see
 * kit/xml/inline.ts).
 *
 * A trans-unit without an id, or with an id used before in its `<file>`, bends the rule but is read
 * with a warning, as CAT tools read such files: it is addressed as `unit-N` (its position in the
 * document) or `id~2` (see DistinctIds).
 */
export function readXliff12(loaded: LoadedXml, onUnit: (entry: TransUnit) => void): void {
  const fail = (message: string, at: XmlElement): never => {
    throw loaded.positions.error(message, at.start, loaded.fileName);
  };
  const ids = new DocumentUnitIds(loaded, 'trans-unit');
  let fileCount = 0;
  scanLoaded(loaded, {
    open(element) {
      const name = localName(element.name);
      if (!element.parent) {
        if (name !== 'xliff') fail(`expected an <xliff> root element, found <${element.name}>`, element);
        const version = attribute(element, 'version');
        if (version !== '1.2') fail(`XLIFF version ${version ?? '(none)'} is not 1.2`, element);
      }
      if (name === 'file') fileCount++;
      return name === 'trans-unit';
    },
    close(element) {
      const name = localName(element.name);
      if (name === 'file') ids.endFile();
      if (name !== 'trans-unit') return;
      const file = ancestor(element, 'file') ?? fail('<trans-unit> outside a <file>', element);
      const id = ids.take(element, () => attribute(file, 'original') ?? `file${fileCount}`);
      onUnit(transUnit(loaded, file, element, id, fail));
    },
  });
}

function transUnit(
  loaded: LoadedXml,
  file: XmlElement,
  element: XmlElement,
  id: string,
  fail: (message: string, at: XmlElement) => never,
): TransUnit {
  const { text } = loaded;
  const source = firstChild(element, 'source') ?? fail(`trans-unit "${id}" has no <source>`, element);
  const target = firstChild(element, 'target');
  const fromTarget =
    target !== undefined &&
    sameLanguage(attribute(file, 'source-language'), attribute(file, 'target-language')) &&
    mixedText(text, target) !== '';
  const read = fromTarget ? target : source;
  const flags: string[] = [];
  const state = target && attribute(target, 'state');
  if (state) flags.push(state);
  if (attribute(element, 'approved') === 'yes') flags.push('approved');
  const placeholders = contextText(element, PLACEHOLDERS_CONTEXT);
  if (placeholders !== undefined) flags.push(`${PLACEHOLDERS_CONTEXT}:${placeholders.trim()}`);
  const unit: Unit = {
    id,
    source: mixedText(text, read),
    notes: childElements(element, 'note').map(textContent),
    flags,
    translatable: translatable(element),
    location: loaded.positions.location(read.openEnd, read.closeStart),
  };
  if (target) unit.target = mixedText(text, target);
  const width = Number(attribute(element, 'maxwidth'));
  if (attribute(element, 'size-unit') === 'char' && Number.isInteger(width) && width > 0)
    unit.maxLength = width;
  const context = contextOf(element);
  if (context !== undefined) unit.context = context;
  // What the exchange writes of a unit's description (exchange.ts contextNotes).
  const described = childElements(element, 'note').find((n) => attribute(n, 'from') === 'description');
  if (described) unit.description = textContent(described);
  return { unit, element, file, source, segSource: firstChild(element, 'seg-source'), target, text: read };
}

/** The gettext-style disambiguating context (po2xliff's `x-po-msgctxt`, the exchange's `x-context`). */
function contextOf(element: XmlElement): string | undefined {
  return contextText(element, 'x-po-msgctxt', 'x-context');
}

function contextText(element: XmlElement, ...types: string[]): string | undefined {
  for (const group of childElements(element, 'context-group')) {
    for (const context of childElements(group, 'context')) {
      if (types.includes(attribute(context, 'context-type') ?? '')) return textContent(context);
    }
  }
  return undefined;
}
