/**
 * The Rails root-locale key: a file whose single root key is a language code (`en:`). Ids omit
 * it, and render renames it to the target language.
 */
import type { Scalar } from 'yaml';
import { isMap, isScalar } from 'yaml';

/** The Rails root-locale key (`en:` as the single root key): ids omit it, render renames it. */
export interface RootLocale {
  key: Scalar<string>;
  locale: string;
}

/** A single root key that names a language CLDR knows (`en`, `pt-BR`, `zh_TW`). */
export function rootLocale(contents: unknown): RootLocale | undefined {
  if (!isMap(contents) || contents.items.length !== 1) return undefined;
  const pair = contents.items[0]!;
  if (!isScalar(pair.key) || typeof pair.key.value !== 'string' || !isMap(pair.value)) return undefined;
  const key = pair.key as Scalar<string>;
  return isLocaleCode(key.value) ? { key, locale: key.value } : undefined;
}

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** True for a language tag CLDR has a name for, so a root key like `app:` is not mistaken for one. */
export function isLocaleCode(value: string): boolean {
  if (!/^[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/.test(value)) return false;
  try {
    const language = value.split(/[-_]/)[0]!;
    return (
      languageNames.of(language) !== undefined &&
      Intl.getCanonicalLocales(value.replace(/_/g, '-')).length === 1
    );
  } catch {
    return false;
  }
}
