/**
 * Reading a JSON document for any format whose files are JSON (i18next/flat JSON, ARB, string
 * catalogs): decode, tokenize, check repeated keys, and reuse the read of the same bytes for render.
 */

import { repeatedKeyMessage } from '../../distinct-ids.ts';
import { checkSize, decodeText, TextPositions } from '../../file-text.ts';
import type { ParseOptions } from '../../model.ts';
import { LastRead } from '../last-read.ts';
import { ARRAY, type JsonDoc, OBJECT, tokenizeJson } from './tokens.ts';

const lastRead = new LastRead<JsonDoc>();

/** What readJson does with a key repeated in one object. */
export interface ReadJsonOptions extends ParseOptions {
  /**
   * `refuse` (the default, for formats whose structure is keyed: ARB, string catalogs): a
   * FormatError at the first repeat. `keep`: JsonDoc.duplicates lists them for the caller.
   */
  duplicateKeys?: 'refuse' | 'keep';
  /** Ids of the source's plural units, for a target read against its source (JsonDoc.sourcePlurals). */
  sourcePlurals?: ReadonlySet<string> | undefined;
}

/**
 * Decodes and tokenizes a JSON string file whose root must be an object or array, and remembers
 * the document for a render of the same bytes (reuseJson).
 */
export function readJson(bytes: Uint8Array, options: ReadJsonOptions = {}): JsonDoc {
  const decoded = decodeText(bytes, { fileName: options.fileName, maxBytes: options.maxBytes });
  const doc = tokenizeJson(decoded, options.fileName);
  if (doc.kind(0) !== OBJECT && doc.kind(0) !== ARRAY) {
    throw doc.error('expected an object or array at the top level', doc.start(0), options.fileName);
  }
  // A document read against a source derives other units than the bytes alone give: not memoized.
  if (options.sourcePlurals) doc.sourcePlurals = options.sourcePlurals;
  else lastRead.set(bytes, doc);
  return checkDuplicates(doc, options);
}

/**
 * For render: the document a parse just read from the same bytes (with what it derived from it),
 * or a fresh read. Parse always reads afresh, so every parse costs a full read.
 */
export function reuseJson(bytes: Uint8Array, options: ReadJsonOptions = {}): JsonDoc {
  checkSize(bytes, options);
  const doc = lastRead.get(bytes);
  return doc ? checkDuplicates(doc, options) : readJson(bytes, options);
}

function checkDuplicates(doc: JsonDoc, options: ReadJsonOptions): JsonDoc {
  const [at] = doc.duplicates;
  if (at !== undefined && options.duplicateKeys !== 'keep') {
    throw doc.error(`duplicate key ${JSON.stringify(doc.keyAt(at))}`, at, options.fileName);
  }
  return doc;
}

/**
 * One warning per repeated key, at its last copy, in file order: the key and the lines of all its
 * copies. `reader` names the tool whose reading the file follows (JsonDoc.shadowed: the last copy
 * is the value and the unit, the earlier ones are never read).
 */
export function warnDuplicates(
  doc: JsonDoc,
  onWarning: NonNullable<ParseOptions['onWarning']>,
  reader = 'JSON.parse',
): void {
  // The tokenizer pairs each repeat with the first copy: the copies of one key share that first.
  const copies = new Map<number, number[]>();
  for (let k = 0; k < doc.duplicates.length; k += 2) {
    const first = doc.duplicates[k + 1]!;
    const list = copies.get(first) ?? [first];
    list.push(doc.duplicates[k]!);
    copies.set(first, list);
  }
  const positions = new TextPositions(doc.decoded);
  const repeats = [...copies.values()].map((list) => list.sort((a, b) => a - b));
  repeats.sort((a, b) => a.at(-1)! - b.at(-1)!);
  for (const list of repeats) {
    const lines = list.map((at) => positions.at(at).line);
    onWarning(positions.warning(repeatedKeyMessage(doc.keyAt(list.at(-1)!), lines, reader), list.at(-1)!));
  }
}

/** True when the first character after a BOM and whitespace opens an object (UTF-8 or UTF-16 with BOM). */
export function startsWithObject(bytes: Uint8Array): boolean {
  const le = bytes[0] === 0xff && bytes[1] === 0xfe;
  const be = bytes[0] === 0xfe && bytes[1] === 0xff;
  const utf8Bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const step = le || be ? 2 : 1;
  for (let i = le || be ? 2 : utf8Bom ? 3 : 0; i + step - 1 < bytes.length; i += step) {
    const b = be ? bytes[i + 1] : bytes[i];
    if (step === 2 && bytes[be ? i : i + 1] !== 0) return false;
    if (b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09) continue;
    return b === 0x7b;
  }
  return false;
}
