import { decodeXml, saveXml, sniffText } from '../kit/xml/document.ts';
import type { FormatModule, Unit } from '../model.ts';
import type { PlaceholderSyntax } from '../placeholders/types.ts';
import { androidEdit, androidRenameKeys } from './edit.ts';
import { defaultResourcesOnly, readAndroid } from './read.ts';
import { renderAndroid } from './render.ts';

/**
 * Android string resources (`res/values/strings.xml`): `<string>`, `<string-array>` items and
 * `<plurals>`. Unit text is the value as the app sees it (aapt's escapes undone, whitespace
 * collapsed as aapt does), with inline markup (`<b>`, `<xliff:g>`) kept as written; CDATA content
 * is plain text. Render escapes back (`\'`, `\"`, `\n`, leading `\@`/`\?`, `&amp;`, `&lt;`).
 */
/**
 * What Android fills: `getString(id, args…)` formats with java.util.Formatter (`%s`, `%1$d`);
 * `{…}` is text there (no ICU, no i18next), and inline markup (`<b>`, `<xliff:g>`) stays markup.
 */
const ANDROID_PLACEHOLDERS: readonly PlaceholderSyntax[] = ['formatter', 'tags'];

export const androidFormat: FormatModule = {
  name: 'android',
  extensions: ['xml'],
  sniff: (bytes) => /<resources[\s>/]/.test(sniffText(bytes)),
  parse(bytes, options = {}) {
    const units: Unit[] = [];
    readAndroid(decodeXml(bytes, options), (entry) => units.push(entry.unit));
    return units;
  },
  render(original, translations, options) {
    const loaded = decodeXml(original, options, { locate: false });
    return saveXml(loaded, renderAndroid(loaded, translations, options.targetLang));
  },
  create(source, translations, options) {
    const defaultOnly = new Set<string>();
    readAndroid(decodeXml(source, options), ({ unit }) => {
      if (defaultResourcesOnly(unit.leftOut)) defaultOnly.add(unit.id);
    });
    if (defaultOnly.size === 0) return androidFormat.render(source, translations, options);
    return androidFormat.edit!(source, { source, set: translations, remove: defaultOnly }, options);
  },
  edit: androidEdit((original, translations, options) =>
    androidFormat.render(original, translations, options),
  ),
  renameKeys: androidRenameKeys,
  placeholders: () => ANDROID_PLACEHOLDERS,
};
