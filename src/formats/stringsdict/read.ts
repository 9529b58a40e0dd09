import { CATEGORY_ORDER } from '../kit/plural-forms.ts';
import { type LoadedXml, scanLoaded } from '../kit/xml/document.ts';
import type { XmlElement } from '../kit/xml/nodes.ts';
import { NO_STRINGS, type PluralCategory, type PluralForms, type Unit } from '../model.ts';

/** A `<key>` and the value element after it in a `<dict>`. */
export interface PlistEntry {
  key: XmlElement;
  name: string;
  value: XmlElement;
}

/** A unit and the plist elements it came from. */
export type StringsdictEntry =
  | {
      kind: 'format';
      unit: Unit;
      value: XmlElement;
      /**
       * Whether the format key holds text of its own (`%#@items@` alone does not): only then is it
       * a unit of the file — or of a target whose source holds it as one (people may put the words
       * in the rule's forms and keep `%#@items@` alone; that is their translation).
       */
      words: boolean;
    }
  | { kind: 'plural'; unit: Unit; entries: Map<PluralCategory, PlistEntry> };

/** `%#@files@`, `%1$#@files@`: a variable of the format string. */
const VARIABLE = /%(?:\d+\$)?#@[^@]*@/g;

/**
 * Reads a `.stringsdict` plist: for each top-level key, its `NSStringLocalizedFormatKey` is an
 * entry (id = the key; a unit when it holds text of its own, see `words`), and each variable
 * dict of `NSStringPluralRuleType` becomes a plural unit (id `key|variable`) from its
 * `zero`…`other` strings. One top-level entry is held at a time. A rule without `other` is read
 * with a warning (see readFormat).
 */
export function readStringsdict(loaded: LoadedXml, onEntry: (entry: StringsdictEntry) => void): void {
  const fail = (message: string, at: XmlElement): never => {
    throw loaded.positions.error(message, at.start, loaded.fileName);
  };
  let plist: XmlElement | undefined;
  let top: XmlElement | undefined;
  let pending: XmlElement | undefined;
  const seen = new Set<string>();
  scanLoaded(loaded, {
    open(element) {
      if (!element.parent) {
        if (element.name !== 'plist')
          fail(`expected a <plist> root element, found <${element.name}>`, element);
        plist = element;
        return false;
      }
      if (element.parent === plist) {
        if (top || element.name !== 'dict')
          fail(`expected one <dict> in <plist>, found <${element.name}>`, element);
        top = element;
        return false;
      }
      return true;
    },
    close(element) {
      if (!top || element.parent !== top) return;
      if (!pending) {
        if (element.name !== 'key') fail(`expected <key> in <dict>, found <${element.name}>`, element);
        pending = element;
        return;
      }
      const name = stringValue(pending, fail);
      if (seen.has(name)) fail(`duplicate key "${name}"`, pending);
      seen.add(name);
      if (element.name === 'dict') readFormat(loaded, name, element, onEntry, fail);
      pending = undefined;
    },
  });
  if (pending) fail('<key> without a value', pending);
}

function readFormat(
  loaded: LoadedXml,
  name: string,
  dict: XmlElement,
  onEntry: (entry: StringsdictEntry) => void,
  fail: (message: string, at: XmlElement) => never,
): void {
  const entries = dictEntries(dict, fail);
  const format = entries.find((e) => e.name === 'NSStringLocalizedFormatKey');
  if (!format) return;
  if (format.value.name !== 'string') fail('NSStringLocalizedFormatKey must be a <string>', format.value);
  const text = stringValue(format.value, fail);
  onEntry({
    kind: 'format',
    unit: unit(loaded, name, text, format.value),
    value: format.value,
    words: /\p{L}/u.test(text.replace(VARIABLE, '')),
  });
  for (const variable of entries) {
    if (variable.value.name !== 'dict') continue;
    const rules = dictEntries(variable.value, fail);
    const type = rules.find((r) => r.name === 'NSStringFormatSpecTypeKey');
    if (!type || stringValue(type.value, fail) !== 'NSStringPluralRuleType') continue;
    const forms: Partial<PluralForms> = {};
    const byCategory = new Map<PluralCategory, PlistEntry>();
    for (const rule of rules) {
      if (!(CATEGORY_ORDER as readonly string[]).includes(rule.name)) continue;
      forms[rule.name as PluralCategory] = stringValue(rule.value, fail);
      byCategory.set(rule.name as PluralCategory, rule);
    }
    // Apple's tools build a rule without `other` (Foundation falls back at run time): read it,
    // with its last form standing in as `other` in the unit; the file is not changed by that.
    const last = CATEGORY_ORDER.findLast((c) => byCategory.has(c));
    if (last === undefined) {
      loaded.warn(
        `plural rule "${variable.name}" of "${name}" has no forms; it is not translated`,
        variable.value.start,
      );
      continue;
    }
    if (last !== 'other') {
      loaded.warn(
        `plural rule "${variable.name}" of "${name}" has no other form; its ${last} form stands in for other`,
        variable.value.start,
      );
      forms.other = forms[last]!;
    }
    const plural = unit(loaded, `${name}|${variable.name}`, forms.other!, byCategory.get(last)!.value);
    plural.sourcePlural = forms as PluralForms;
    onEntry({ kind: 'plural', unit: plural, entries: byCategory });
  }
}

function unit(loaded: LoadedXml, id: string, source: string, value: XmlElement): Unit {
  return {
    id,
    source,
    notes: NO_STRINGS,
    flags: NO_STRINGS,
    translatable: true,
    location: loaded.positions.location(value.openEnd, value.closeStart),
  };
}

/** The key/value pairs of a `<dict>`, in order. */
export function dictEntries(
  dict: XmlElement,
  fail: (message: string, at: XmlElement) => never,
): PlistEntry[] {
  const out: PlistEntry[] = [];
  let key: XmlElement | undefined;
  for (const child of dict.children) {
    if (child.kind !== 'element') continue;
    if (!key) {
      if (child.name !== 'key') fail(`expected <key> in <dict>, found <${child.name}>`, child);
      key = child;
    } else {
      out.push({ key, name: stringValue(key, fail), value: child });
      key = undefined;
    }
  }
  if (key) fail('<key> without a value', key);
  return out;
}

/** The text of a `<key>` or `<string>` (plist strings hold no markup). */
export function stringValue(element: XmlElement, fail: (message: string, at: XmlElement) => never) {
  let out = '';
  for (const child of element.children) {
    if (child.kind === 'text' || child.kind === 'cdata') out += child.value;
    else if (child.kind === 'element') fail(`unexpected <${child.name}> inside <${element.name}>`, child);
  }
  return out;
}
