/**
 * `edit` for ARB files (DESIGN §7): a sync's changes written into an existing target ARB, every
 * other byte as people wrote it.
 *
 * Decisions:
 * - A new message is written without the source's `@key` metadata. Flutter's gen-l10n reads
 *   descriptions, placeholders and types from the template ARB only; translated ARBs made by
 *   `flutter gen-l10n` users and by translation tools carry none, and a copied description in
 *   English would be noise a reviewer has to read.
 * - A message and an `@key` object that follows it directly are one block: a new message goes
 *   after the block of the nearest preceding source message the target holds (else before the
 *   block of the nearest following one, else at the end), never between a message and its metadata.
 * - A removed message takes its `@key` metadata along, and the earlier copies of a repeated key
 *   (which gen-l10n would read as the message once the last one is gone). Otherwise earlier copies
 *   stay as people left them: only the last copy, the one the app reads, is patched — deleting the
 *   others would change lines that have no reason to change (DESIGN §7); the read warns about them.
 * - Messages the target holds are patched by render, which also corrects a `@@locale` that
 *   contradicts the target language (gen-l10n refuses such a file).
 */
import { FormatError } from '../errors.ts';
import { applyEdits, type Edit, encodeText } from '../file-text.ts';
import {
  anchoredInsertions,
  detectLayout,
  memberIndent,
  removeMembers,
  separatorIn,
} from '../kit/json/members.ts';
import { readJson } from '../kit/json/read.ts';
import { type JsonDoc, OBJECT, STRING, tokenizeJson } from '../kit/json/tokens.ts';
import { escaperFor } from '../kit/json/write-string.ts';
import { renameKeyTokens } from '../kit/rename-keys.ts';
import type { FormatModule, RenamedKeys, RenderOptions, TargetChanges } from '../model.ts';

/** A message of a file: its key event, the key event of its `@name` metadata or -1. */
interface Held {
  key: number;
  meta: number;
  /** Key events of the earlier copies of the key and of `@key` that Dart's json.decode never reads. */
  unread: number[];
}

/** A file's messages by name, read as gen-l10n reads them (a repeated key: the last copy). */
function messages(doc: JsonDoc): Map<string, Held> {
  const out = new Map<string, Held>();
  const metas = new Map<string, number>();
  const unread = new Map<string, number[]>();
  for (const key of doc.keys(0)) {
    const name = doc.string(key);
    if (name.startsWith('@@')) continue;
    const message = name.startsWith('@') ? name.slice(1) : name;
    if (doc.shadowed(key)) {
      const list = unread.get(message);
      if (list) list.push(key);
      else unread.set(message, [key]);
    } else if (name.startsWith('@')) {
      if (doc.kind(key + 1) === OBJECT) metas.set(message, key);
    } else if (doc.kind(key + 1) === STRING) out.set(name, { key, meta: -1, unread: [] });
  }
  for (const [name, message] of out) {
    message.meta = metas.get(name) ?? -1;
    message.unread = unread.get(name) ?? [];
  }
  return out;
}

/**
 * A file's message names in the order the app's map holds them: a repeated key stands where it
 * first appears (Dart's json.decode builds a LinkedHashMap, which keeps a key's first place).
 */
function runtimeOrder(doc: JsonDoc): string[] {
  const held = messages(doc);
  const order = new Set<string>();
  for (const key of doc.keys(0)) {
    const name = doc.string(key);
    if (held.has(name)) order.add(name);
  }
  return [...order];
}

/** A message's block: the message, and its metadata when that follows it directly. */
function block(doc: JsonDoc, message: Held): { first: number; last: number } {
  const follows = message.meta >= 0 && doc.next(message.key + 1) === message.meta;
  return { first: message.key, last: follows ? message.meta : message.key };
}

/**
 * Applies `changes` to a target ARB: messages the target holds are patched in place (render),
 * removed ones leave with their `@key` metadata, new ones are inserted without metadata where the
 * source's order puts them, in the target's layout. Nothing to set or remove returns `target`.
 */
export function arbEdit(
  render: FormatModule['render'],
): (target: Uint8Array, changes: TargetChanges, options: RenderOptions) => Uint8Array {
  return (target, changes, options) => {
    // Repeated keys are read as gen-l10n reads them (the last copy, JsonDoc.shadowed); parse warned.
    const where = { fileName: options.fileName, maxBytes: options.maxBytes, duplicateKeys: 'keep' as const };
    const first = readJson(target, where);
    if (first.kind(0) !== OBJECT)
      throw first.error('an ARB file is a JSON object', first.start(0), options.fileName);
    if (changes.set.size === 0 && changes.remove.size === 0) return target;
    const held = messages(first);
    const inPlace = new Map([...changes.set].filter(([id]) => held.has(id) && !changes.remove.has(id)));
    const patched = inPlace.size > 0 ? render(target, inPlace, options) : target;
    let doc = readJson(patched, where);
    let text = doc.text;
    const current = messages(doc);
    const removed = new Set<number>();
    for (const id of changes.remove) {
      const message = current.get(id);
      if (!message) continue;
      removed.add(message.key);
      if (message.meta >= 0) removed.add(message.meta);
      // An earlier copy left behind would be read as the message once the last one is gone.
      for (const key of message.unread) removed.add(key);
    }
    if (removed.size > 0) {
      text = applyEdits(text, removeMembers(doc, 0, removed));
      doc = tokenizeJson({ ...doc.decoded, text }, options.fileName);
    }
    const missing = [...changes.set.keys()].filter((id) => !held.has(id) || changes.remove.has(id));
    if (missing.length > 0) {
      const source = readJson(changes.source, { maxBytes: options.maxBytes, duplicateKeys: 'keep' });
      if (source.kind(0) !== OBJECT) throw new FormatError('the source ARB is not a JSON object');
      text = applyEdits(text, insertions(doc, source, changes, new Set(missing), options));
    }
    if (text === first.text) return target;
    return encodeText(text, first.decoded.encoding, first.decoded.bom);
  };
}

function insertions(
  doc: JsonDoc,
  source: JsonDoc,
  changes: TargetChanges,
  missing: ReadonlySet<string>,
  options: RenderOptions,
): Edit[] {
  const order = runtimeOrder(source);
  const unknown = [...missing].filter((id) => !order.includes(id));
  if (unknown.length > 0)
    throw new FormatError(`message ${JSON.stringify(unknown[0])} is not in the source`, {
      file: options.fileName,
    });
  const present = messages(doc);
  const own = detectLayout(doc);
  const theirs = detectLayout(source);
  const layout = {
    newline: own.newline ?? theirs.newline ?? '\n',
    indent: own.indent ?? theirs.indent ?? '  ',
    colon: own.colon ?? theirs.colon ?? ': ',
  };
  const escapeText = escaperFor(doc);
  const separator = separatorIn(doc, 0, layout);
  const indent = memberIndent(doc, 0, layout);
  const after = new Map<number, string[]>();
  const before = new Map<number, string[]>();
  const atEnd: string[] = [];
  for (let p = 0; p < order.length; p++) {
    const id = order[p]!;
    if (!missing.has(id)) continue;
    const value = changes.set.get(id)!;
    if (typeof value !== 'string')
      throw new FormatError(
        `translation of ${JSON.stringify(id)} has plural forms; ARB plurals are ICU messages`,
        {
          file: options.fileName,
        },
      );
    const written = `"${escapeText(id)}"${layout.colon}"${escapeText(value)}"`;
    const preceding = order
      .slice(0, p)
      .reverse()
      .find((k) => present.has(k));
    if (preceding !== undefined) {
      add(after, block(doc, present.get(preceding)!).last, written);
      continue;
    }
    const following = order.slice(p + 1).find((k) => present.has(k));
    if (following !== undefined) add(before, block(doc, present.get(following)!).first, written);
    else atEnd.push(written);
  }
  const keys = doc.keys(0);
  const last = keys.at(-1);
  if (last !== undefined) for (const w of atEnd) add(after, last, w);
  const edits: Edit[] = anchoredInsertions(doc, after, before, separator);
  if (last === undefined && atEnd.length > 0) {
    const inside = `${layout.newline}${indent}${atEnd.join(separator)}${layout.newline}`;
    edits.push({ start: doc.start(0) + 1, end: doc.end(0) - 1, replacement: inside });
  }
  return edits;
}

function add(map: Map<number, string[]>, key: number, written: string): void {
  const list = map.get(key);
  if (list) list.push(written);
  else map.set(key, [written]);
}

/**
 * renameKeys for ARB: the old message's key takes the new one as the source writes it, and so
 * does its `@key` metadata when the target has one (gen-l10n pairs them by name); values and
 * descriptions stay as people wrote them.
 */
export function arbRenameKeys(
  target: Uint8Array,
  renames: ReadonlyMap<string, string>,
  source: Uint8Array,
  options: RenderOptions,
): RenamedKeys {
  const doc = readJson(target, {
    fileName: options.fileName,
    maxBytes: options.maxBytes,
    duplicateKeys: 'keep',
  });
  const theirs = readJson(source, { maxBytes: options.maxBytes, duplicateKeys: 'keep' });
  const topKeys = (d: JsonDoc) => {
    const keys = new Map<string, { start: number; end: number }>();
    if (d.kind(0) !== OBJECT) return keys;
    for (const key of d.keys(0)) keys.set(d.keyAt(d.start(key)), { start: d.start(key), end: d.end(key) });
    return keys;
  };
  const mine = topKeys(doc);
  const from = topKeys(theirs);
  const token = (id: string) => {
    const at = from.get(id);
    return at && theirs.text.slice(at.start, at.end);
  };
  const { text, renamed } = renameKeyTokens(doc.text, renames, {
    target: (id) => mine.get(id),
    source: token,
  });
  if (renamed.size === 0) return { bytes: target, renamed };
  // The metadata of each renamed message follows it, when the target has it and not the new one's.
  const meta = new Map([...renamed].map((to) => [`@${to}`, `@${renames.get(to)!}`]));
  const after = topKeys(readJson(new TextEncoder().encode(text), { duplicateKeys: 'keep' }));
  const withMeta = renameKeyTokens(text, meta, {
    target: (id) => after.get(id),
    source: (id) => token(id) ?? JSON.stringify(id),
  });
  return { bytes: encodeText(withMeta.text, doc.decoded.encoding, doc.decoded.bom), renamed };
}
