import { xmlBlocksEdit } from '../kit/xml/blocks-edit.ts';
import { decodeXml, saveXml, sniffText } from '../kit/xml/document.ts';
import type { XmlElement } from '../kit/xml/nodes.ts';
import type { FormatModule, Unit } from '../model.ts';
import { readStringsdict, type StringsdictEntry } from './read.ts';
import { renderStringsdict } from './render.ts';

/**
 * Apple `.stringsdict` (a property list of plural rules): each `NSStringPluralRuleType` variable is a
 * plural unit `key|variable`, and a format key with text of its own is a unit `key`. The DOCTYPE
 * every stringsdict carries is accepted and never fetched.
 */
export const stringsdictFormat: FormatModule = {
  name: 'stringsdict',
  extensions: ['stringsdict'],
  sniff: (bytes) => {
    const head = sniffText(bytes);
    return /<plist[\s>]/.test(head) && head.includes('NSString');
  },
  parse(bytes, options = {}) {
    const units: Unit[] = [];
    const wanted = new Set(options.sourceUnits?.map((u) => u.id));
    readStringsdict(decodeXml(bytes, options), (entry) => {
      if (isUnit(entry, wanted)) units.push(entry.unit);
    });
    return units;
  },
  render(original, translations, options) {
    const loaded = decodeXml(original, options, { locate: false });
    return saveXml(loaded, renderStringsdict(loaded, translations, options));
  },
  edit(target, changes, options) {
    // A target's format key is a unit where the source's is (people may keep `%#@items@` alone).
    const wanted = new Set(
      stringsdictFormat.parse(changes.source, { maxBytes: options.maxBytes }).map((u) => u.id),
    );
    const edit = xmlBlocksEdit(
      () => stringsdictFormat,
      (loaded, on) =>
        readStringsdict(loaded, (entry) => {
          if (!isUnit(entry, wanted)) return;
          const inner = entry.kind === 'format' ? entry.value : entry.entries.values().next().value!.value;
          const dict = topEntry(inner);
          // The entry's lines start at its `<key>`, the element before the `<dict>`.
          on(entry.unit.id, dict, loaded.text.lastIndexOf('<key', dict.start));
        }),
      '</dict>',
    );
    return edit(target, changes, options);
  },
};

/** Whether an entry is a unit: a rule, or a format key with words or one the source holds as a unit. */
function isUnit(entry: StringsdictEntry, wanted: ReadonlySet<string>): boolean {
  return entry.kind === 'plural' || entry.words || wanted.has(entry.unit.id);
}

/** The top-level `<dict>` entry holding an element. */
function topEntry(element: XmlElement): XmlElement {
  let dict = element;
  while (dict.parent?.parent && dict.parent.parent.name !== 'plist') dict = dict.parent;
  return dict;
}
