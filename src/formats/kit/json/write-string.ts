/**
 * Writing a string value into a JSON text in the file's own escaping style (`\u00e9` vs `é`, `\/`,
 * hex case), for any format whose files are JSON.
 */
import type { Edit } from '../../file-text.ts';
import { detectEscapeStyle, escapeJsonString, type JsonEscapeStyle } from './escape.ts';
import type { JsonDoc } from './tokens.ts';

/** Writes text as the body of a JSON string literal in the file's escaping style. */
export type Escaper = (value: string) => string;

/** The escaping style of a document's text (computed once per document through JsonDoc.derive). */
export function docEscapeStyle(doc: JsonDoc): JsonEscapeStyle {
  return detectEscapeStyle(doc.text);
}

/** An escaper for the document that detects the file's style on first use. */
export function escaperFor(doc: JsonDoc): Escaper {
  let style: JsonEscapeStyle | undefined;
  return (value) => {
    style ??= doc.derive(docEscapeStyle);
    return escapeJsonString(value, style);
  };
}

/** Replaces the body of a string literal (the quotes stay). */
export function replaceString(doc: JsonDoc, e: number, escaped: string): Edit {
  return { start: doc.start(e) + 1, end: doc.end(e) - 1, replacement: escaped };
}
