import { xmlBlocksEdit } from '../edit/xml-blocks.ts';
import type { FormatModule, Unit } from '../model.ts';
import { decodeXml, saveXml, sniffText } from '../xml/document.ts';
import type { XmlElement } from '../xml/nodes.ts';
import { readStringsdict } from './read.ts';
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
    readStringsdict(decodeXml(bytes, options), (entry) => units.push(entry.unit));
    return units;
  },
  render(original, translations, options) {
    const loaded = decodeXml(original, options, { locate: false });
    return saveXml(loaded, renderStringsdict(loaded, translations, options.targetLang));
  },
  edit: xmlBlocksEdit(
    () => stringsdictFormat,
    (loaded, on) =>
      readStringsdict(loaded, (entry) => {
        const inner = entry.kind === 'format' ? entry.value : entry.entries.values().next().value!.value;
        const dict = topEntry(inner);
        // The entry's lines start at its `<key>`, the element before the `<dict>`.
        on(entry.unit.id, dict, loaded.text.lastIndexOf('<key', dict.start));
      }),
    '</dict>',
  ),
};

/** The top-level `<dict>` entry holding an element. */
function topEntry(element: XmlElement): XmlElement {
  let dict = element;
  while (dict.parent?.parent && dict.parent.parent.name !== 'plist') dict = dict.parent;
  return dict;
}
