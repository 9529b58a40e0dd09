/**
 * An array of language codes inside a JSON settings file, found by a JSON pointer (RFC 6901):
 * i18next's `supportedLngs`, a Next.js `i18n.locales`, a plain `locales.json`.
 */
import { jsonPointerKeys } from '../config/locale-lists.ts';
import type { DecodedText } from '../formats/file-text.ts';
import { ARRAY, type JsonDoc, OBJECT, STRING, tokenizeJson } from '../formats/kit/json/tokens.ts';
import { LocaleListError } from './errors.ts';
import { bracketSeparator, fillBrackets, type ListItem, type ListSite, newlineOf } from './list-edits.ts';

/** The event of the array `at` points to; throws LocaleListError naming the first key that is missing. */
function arrayAt(doc: JsonDoc, at: string, path: string): number {
  let e = 0;
  let walked = '';
  for (const key of jsonPointerKeys(at)) {
    const where = walked === '' ? 'the top level' : walked;
    const kind = doc.kind(e);
    let next = -1;
    if (kind === OBJECT) next = doc.member(e, key);
    else if (kind === ARRAY && /^(?:0|[1-9]\d*)$/.test(key)) next = doc.items(e)[Number(key)] ?? -1;
    if (next < 0) throw new LocaleListError(path, `has no ${at}: ${where} has no "${key}"`);
    walked += `/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    e = next;
  }
  if (doc.kind(e) !== ARRAY) throw new LocaleListError(path, `${at || 'the top level'} is not an array`);
  return e;
}

/** The string items of the array `at` points to in a JSON file. */
export function jsonSite(decoded: DecodedText, path: string, at: string): ListSite {
  const doc = tokenizeJson(decoded, path);
  const array = arrayAt(doc, at, path);
  const { text } = decoded;
  const items: ListItem[] = doc.items(array).map((e) => {
    const start = doc.start(e);
    const end = doc.end(e);
    return doc.kind(e) === STRING
      ? { value: doc.string(e), start, end, valueStart: start + 1, valueEnd: end - 1 }
      : { value: undefined, start, end, valueStart: end, valueEnd: end };
  });
  const newline = newlineOf(text);
  const open = doc.start(array);
  return {
    text,
    newline,
    items,
    layout: 'separated',
    separator: bracketSeparator(text, open, items[0], newline),
    write: (code) => JSON.stringify(code),
    fill: (markups) => fillBrackets(text, open, doc.end(array) - 1, markups, newline),
  };
}
