import { CATEGORY_ORDER } from '../kit/plural-forms.ts';
import {
  attribute,
  childElements,
  type LoadedXml,
  localName,
  scanLoaded,
  textContent,
} from '../kit/xml/document.ts';
import type { XmlComment, XmlElement } from '../kit/xml/nodes.ts';
import type { PlaceholderInfo, PluralCategory, PluralForms, Unit } from '../model.ts';
import { AndroidTextReader } from './escape.ts';

/** Inline markup aapt keeps as styled text: it must stay paired in a translation. */
export const ANDROID_INLINE: ReadonlySet<string> = new Set([
  'b',
  'i',
  'u',
  'g',
  'a',
  'font',
  'big',
  'small',
  'strike',
  'sup',
  'sub',
  'tt',
  'li',
  'span',
  'annotation',
]);

const CATEGORIES: ReadonlySet<string> = new Set(CATEGORY_ORDER);

/** A unit and the elements it came from. */
export type AndroidEntry =
  | { kind: 'text'; unit: Unit; element: XmlElement }
  | { kind: 'plurals'; unit: Unit; element: XmlElement; items: Map<PluralCategory, XmlElement> };

/** Reasons a unit is left out (Unit.leftOut): what the default resources keep to themselves. */
export const UNTRANSLATABLE = 'translatable="false"';
export const UNTRANSLATABLE_FILE = 'in a donottranslate file (every string in it is untranslatable)';
export const UNTRANSLATABLE_ROOT = '<resources translatable="false">';
/** A value that names another resource: the same in every language, though not marked so. */
export const REFERENCE = 'a reference to another resource';

/**
 * Whether resources marked with `reason` belong in the default resources only: Android Lint's
 * Untranslatable check flags a copy of them in a language's folder (values-de). References
 * (`@string/app_name`) are not marked: a copy of one in values-de is harmless.
 */
export const defaultResourcesOnly = (reason: string | undefined): boolean =>
  reason !== undefined && reason !== REFERENCE;

/**
 * The reason every resource of a file is left out unless it says `translatable="true"`, or
 * undefined. aapt2 compile makes `translatable` default to false in a file whose name includes
 * `donottranslate` (Compile.cpp), and Android Lint skips such files (its MissingTranslation text:
 * "define all your non-translatable strings in a resource file called donottranslate.xml");
 * Lint's TranslationDetector also treats `<resources translatable="false">` as a non-translatable
 * folder. `tools:ignore="MissingTranslation"` is none of these: it only silences Lint's check for
 * missing translations (many apps put it on their whole strings.xml while translation is under
 * way), so those strings are read as translatable.
 */
function fileLeftOut(fileName: string | undefined, root: XmlElement): string | undefined {
  const base = fileName?.slice(fileName.replace(/\\/g, '/').lastIndexOf('/') + 1) ?? '';
  if (base.includes('donottranslate')) return UNTRANSLATABLE_FILE;
  return isFalse(attribute(root, 'translatable')) ? UNTRANSLATABLE_ROOT : undefined;
}

/** Why one resource is left out: its own `translatable` first, then the file's default. */
function resourceLeftOut(element: XmlElement, wholeFile: string | undefined): string | undefined {
  const own = attribute(element, 'translatable');
  if (own === undefined) return wholeFile;
  return isFalse(own) ? UNTRANSLATABLE : undefined;
}

/** aapt2 reads `translatable` as a boolean (ResourceUtils::ParseBool: false, False, FALSE). */
const isFalse = (value: string | undefined) => value !== undefined && value.toLowerCase() === 'false';

/**
 * Reads `<string>`, `<string-array>` (one unit per `<item>`, id `name[index]`) and `<plurals>`
 * (one plural unit) of a `<resources>` file, handing each unit over as soon as it is read.
 * A comment right before a resource is its note. Left out on purpose, each with its reason
 * (Unit.leftOut): resources marked `translatable="false"` (on `<string>`, `<string-array>` or
 * `<plurals>`), every resource of a donottranslate file or of `<resources translatable="false">`,
 * and values that are resource references (`@string/app_name`). A `product` variant's id is
 * `name#product`.
 */
export function readAndroid(loaded: LoadedXml, onEntry: (entry: AndroidEntry) => void): void {
  const fail = (message: string, at: XmlElement): never => {
    throw loaded.positions.error(message, at.start, loaded.fileName);
  };
  const ids = new Set<string>();
  const add = (entry: AndroidEntry) => {
    if (ids.has(entry.unit.id)) fail(`duplicate resource "${entry.unit.id}"`, entry.element);
    ids.add(entry.unit.id);
    onEntry(entry);
  };
  let root: XmlElement | undefined;
  let wholeFile: string | undefined;
  let note: XmlComment | undefined;
  scanLoaded(loaded, {
    open(element) {
      if (!element.parent) {
        if (element.name !== 'resources')
          fail(`expected a <resources> root element, found <${element.name}>`, element);
        root = element;
        wholeFile = fileLeftOut(loaded.fileName, element);
        return false;
      }
      return element.parent === root && RESOURCE_TYPES.has(element.name);
    },
    close(element) {
      if (element.parent !== root || !element.parent) return;
      const notes = note ? [note.value.trim()] : [];
      // The description is the comment directly above the element (no blank line between): a
      // comment heading a group of strings, a blank line below it, describes none of them alone.
      const description =
        note && /^[ \t]*(?:\r?\n)?[ \t]*$/.test(loaded.text.slice(note.end, element.start))
          ? notes[0]
          : undefined;
      note = undefined;
      if (!RESOURCE_TYPES.has(element.name)) return;
      const name = attribute(element, 'name') ?? fail(`<${element.name}> without a name`, element);
      const product = attribute(element, 'product');
      const id = product === undefined ? name : `${name}#${product}`;
      const leftOut = resourceLeftOut(element, wholeFile);
      const flags = attribute(element, 'formatted') === 'false' ? ['formatted=false'] : [];
      const described = (unit: Unit, from: XmlElement): Unit => {
        if (description) unit.description = description;
        const placeholders = placeholdersIn(from);
        if (placeholders) unit.placeholders = placeholders;
        return unit;
      };
      if (element.name === 'string') {
        const unit = described(textUnit(loaded, element, id, notes, flags, leftOut, fail), element);
        add({ kind: 'text', unit, element });
      } else if (element.name === 'string-array') {
        childElements(element, 'item').forEach((item, index) => {
          const unit = textUnit(loaded, item, `${id}[${index}]`, notes, flags, leftOut, fail);
          add({ kind: 'text', unit: described(unit, item), element: item });
        });
      } else {
        const entry = pluralsEntry(loaded, element, id, notes, flags, leftOut, fail);
        described(entry.unit, element);
        add(entry);
      }
    },
    comment(comment, parent) {
      if (parent === root) note = comment;
    },
  });
}

/**
 * What the `<xliff:g id="count" example="3">%d</xliff:g>` wrappers of a string say of its
 * placeholders, by `id` (the wrapped text where there is none), with the `example` Android Studio
 * shows translators.
 */
function placeholdersIn(element: XmlElement): Record<string, PlaceholderInfo> | undefined {
  let out: Record<string, PlaceholderInfo> | undefined;
  const visit = (node: XmlElement) => {
    for (const child of node.children) {
      if (child.kind !== 'element') continue;
      if (localName(child.name) === 'g' && child.name.includes(':')) {
        const name = attribute(child, 'id') ?? textContent(child);
        const info: PlaceholderInfo = {};
        const example = attribute(child, 'example');
        if (example !== undefined) info.example = example;
        out ??= {};
        out[name] = info;
      }
      visit(child);
    }
  };
  visit(element);
  return out;
}

const RESOURCE_TYPES: ReadonlySet<string> = new Set(['string', 'string-array', 'plurals']);

function textUnit(
  loaded: LoadedXml,
  element: XmlElement,
  id: string,
  notes: string[],
  flags: string[],
  leftOut: string | undefined,
  fail: (message: string, at: XmlElement) => never,
): Unit {
  const source = androidText(loaded.text, element, fail);
  const unit: Unit = {
    id,
    source,
    notes,
    flags,
    translatable: true,
    location: loaded.positions.location(element.openEnd, element.closeStart),
  };
  const reason = leftOut ?? (isReference(loaded.text, element) ? REFERENCE : undefined);
  if (reason) {
    unit.translatable = false;
    unit.leftOut = reason;
  }
  return unit;
}

function pluralsEntry(
  loaded: LoadedXml,
  element: XmlElement,
  id: string,
  notes: string[],
  flags: string[],
  leftOut: string | undefined,
  fail: (message: string, at: XmlElement) => never,
): AndroidEntry {
  const items = new Map<PluralCategory, XmlElement>();
  const forms: Partial<PluralForms> = {};
  for (const item of childElements(element, 'item')) {
    const quantity = attribute(item, 'quantity') ?? '';
    if (!CATEGORIES.has(quantity)) fail(`<item quantity="${quantity}"> is not a plural category`, item);
    if (items.has(quantity as PluralCategory)) fail(`plurals "${id}" has two items for ${quantity}`, item);
    items.set(quantity as PluralCategory, item);
    forms[quantity as PluralCategory] = androidText(loaded.text, item, fail);
  }
  // aapt2 builds plurals without `other` (only Lint's MissingQuantity objects): read them, the
  // last item standing in as `other` in the unit; the file is not changed by that.
  const last = CATEGORY_ORDER.findLast((c) => items.has(c)) ?? fail(`plurals "${id}" has no items`, element);
  if (last !== 'other') {
    loaded.warn(`plurals "${id}" has no item for other; its ${last} item stands in for other`, element.start);
    forms.other = forms[last]!;
  }
  const other = items.get(last)!;
  const sourcePlural = forms as PluralForms;
  const unit: Unit = {
    id,
    source: sourcePlural.other,
    sourcePlural,
    notes,
    flags,
    translatable: leftOut === undefined,
    location: loaded.positions.location(other.openEnd, other.closeStart),
  };
  if (leftOut) unit.leftOut = leftOut;
  return { kind: 'plurals', unit, element, items };
}

/** The value of a string or item: aapt's unescaping of the text, markup kept as written. */
export function androidText(
  text: string,
  element: XmlElement,
  fail: (message: string, at: XmlElement) => never,
) {
  const reader = new AndroidTextReader();
  const walk = (parent: XmlElement) => {
    for (const child of parent.children) {
      if (child.kind === 'text' || child.kind === 'cdata') reader.text(child.value);
      else if (child.kind === 'element') {
        reader.markup(text.slice(child.start, child.openEnd));
        if (!child.selfClosing) {
          walk(child);
          reader.markup(text.slice(child.closeStart, child.end));
        }
      } else reader.markup(text.slice(child.start, child.end));
    }
  };
  walk(element);
  const { value, error } = reader.result();
  if (error) fail(`${localName(element.name)}: ${error}`, element);
  return value;
}

const REFERENCE_VALUE = /^\s*[@?][\w:.]*\/?[\w.]+\s*$/;

/** A value that is a resource reference (`@string/x`, `?attr/y`) rather than text. */
function isReference(text: string, element: XmlElement): boolean {
  return (
    REFERENCE_VALUE.test(text.slice(element.openEnd, element.closeStart)) && element.children.length === 1
  );
}
