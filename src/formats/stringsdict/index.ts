import type { FormatModule, Unit } from '../model.ts';
import { decodeXml, saveXml, sniffText } from '../xml/document.ts';
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
};
