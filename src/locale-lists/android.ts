/**
 * Android's per-app language list, `res/xml/locales_config.xml`: `<locale android:name="…"/>`
 * under `<locale-config>`, each name a BCP 47 tag (`pt-BR`, `zh-Hans`), not a resource
 * qualifier (https://developer.android.com/guide/topics/resources/app-languages#use-localeconfig).
 */
import type { DecodedText } from '../formats/file-text.ts';
import { childElements, localName } from '../formats/kit/xml/document.ts';
import { escapeAttribute } from '../formats/kit/xml/entities.ts';
import { parseXml } from '../formats/kit/xml/parse.ts';
import { LocaleListError } from './errors.ts';
import type { ListItem, ListSite } from './list-edits.ts';
import { elementSite, unnamed } from './xml-fill.ts';

const ANDROID_NS = 'http://schemas.android.com/apk/res/android';

/** A new `locales_config.xml` listing these tags, as Android Studio writes one. */
export function newAndroidList(tags: readonly string[]): string {
  const lines = tags.map((tag) => `    <locale android:name="${escapeAttribute(tag)}"/>\n`);
  return `<?xml version="1.0" encoding="utf-8"?>\n<locale-config xmlns:android="${ANDROID_NS}">\n${lines.join('')}</locale-config>\n`;
}

/** The `<locale>` elements of a locales_config file; throws LocaleListError when its root is another element. */
export function androidSite(decoded: DecodedText, path: string): ListSite {
  const { text } = decoded;
  const root = parseXml(text, { fileName: path }).root;
  if (root.name !== 'locale-config') {
    throw new LocaleListError(path, `its root element is <${root.name}>, not Android's <locale-config>`);
  }
  const prefix =
    root.attributes.find((a) => a.name.startsWith('xmlns:') && a.value === ANDROID_NS)?.name.slice(6) ??
    'android';
  const items: ListItem[] = childElements(root, 'locale').map((element) => {
    const name = element.attributes.find((a) => localName(a.name) === 'name');
    return name
      ? {
          value: name.value,
          start: element.start,
          end: element.end,
          valueStart: name.valueStart,
          valueEnd: name.valueEnd,
        }
      : unnamed(element);
  });
  return elementSite(text, root, items, (tag, like) => {
    if (!like) return `<locale ${prefix}:name="${escapeAttribute(tag)}"/>`;
    const quote = text[like.valueStart - 1] === "'" ? "'" : '"';
    return (
      text.slice(like.start, like.valueStart) +
      escapeAttribute(tag, quote) +
      text.slice(like.valueEnd, like.end)
    );
  });
}
