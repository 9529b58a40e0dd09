/**
 * An Info.plist's `CFBundleLocalizations`: the `<array>` of `<string>` language IDs (`en`,
 * `pt-BR`, `zh-Hans`) that follows `<key>CFBundleLocalizations</key>` in the top-level `<dict>`
 * (https://developer.apple.com/documentation/bundleresources/information-property-list/cfbundlelocalizations).
 */
import type { DecodedText } from '../formats/file-text.ts';
import { childElements, firstChild, textContent } from '../formats/kit/xml/document.ts';
import { escapeText } from '../formats/kit/xml/entities.ts';
import type { XmlElement } from '../formats/kit/xml/nodes.ts';
import { parseXml } from '../formats/kit/xml/parse.ts';
import { LocaleListError } from './errors.ts';
import type { ListItem, ListSite } from './list-edits.ts';
import { elementSite, unnamed } from './xml-fill.ts';

const KEY = 'CFBundleLocalizations';

/** The `<array>` a plist's top-level dict holds under `CFBundleLocalizations`. */
function localizations(root: XmlElement, path: string): XmlElement {
  const dict = root.name === 'plist' ? firstChild(root, 'dict') : undefined;
  if (!dict) throw new LocaleListError(path, 'is not a property list with a top-level <dict>');
  const members = childElements(dict);
  const key = members.findIndex((m) => m.name === 'key' && textContent(m) === KEY);
  if (key < 0) {
    throw new LocaleListError(
      path,
      `has no ${KEY}: add <key>${KEY}</key> with an <array> of the app's languages to its top-level <dict>`,
    );
  }
  const value = members[key + 1];
  if (value?.name !== 'array') {
    throw new LocaleListError(
      path,
      `${KEY} is ${value ? `a <${value.name}>` : 'missing its value'}, not an <array>`,
    );
  }
  return value;
}

/** Whether a file is a binary property list (`bplist00`), which Xcode reads but people cannot diff. */
export function isBinaryPlist(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 6)).toString('latin1') === 'bplist';
}

/** The `<string>` items of an Info.plist's CFBundleLocalizations; throws LocaleListError when it has none. */
export function plistSite(decoded: DecodedText, path: string): ListSite {
  const { text } = decoded;
  const array = localizations(parseXml(text, { fileName: path }).root, path);
  const items: ListItem[] = childElements(array).map((element) =>
    element.name === 'string' && !element.selfClosing
      ? {
          value: textContent(element),
          start: element.start,
          end: element.end,
          valueStart: element.openEnd,
          valueEnd: element.closeStart,
        }
      : unnamed(element),
  );
  return elementSite(text, array, items, (code, like) =>
    like
      ? text.slice(like.start, like.valueStart) + escapeText(code) + text.slice(like.valueEnd, like.end)
      : `<string>${escapeText(code)}</string>`,
  );
}
