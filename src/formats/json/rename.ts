/**
 * renameKeys for nested and flat JSON string files: a key renamed in its own object
 * (`nav.inbox` → `nav.mailbox`) is rewritten where the target has it, as the source writes the new
 * key (its escapes); the value and every other byte stay (DESIGN §7). Plural groups, context
 * variants and keys moved to another object are left to remove and insert.
 */
import { encodeText } from '../file-text.ts';
import { parentsOf } from '../kit/json/members.ts';
import { readJson } from '../kit/json/read.ts';
import { type JsonDoc, OBJECT } from '../kit/json/tokens.ts';
import { renameKeyTokens } from '../kit/rename-keys.ts';
import type { RenamedKeys, RenderOptions } from '../model.ts';
import { jsonEntries } from './units.ts';

/** An id's object path: everything before its last unescaped `.`. */
export function parentPath(id: string): string {
  let last = -1;
  for (let i = 0; i < id.length; i++) {
    if (id[i] === '\\') i++;
    else if (id[i] === '.') last = i;
  }
  return last < 0 ? '' : id.slice(0, last);
}

/** Where each plain entry's key is written (quotes included), by unit id. */
function keysOf(doc: JsonDoc): Map<string, { start: number; end: number }> {
  const entries = doc.derive(jsonEntries);
  const parents = parentsOf(doc);
  const keys = new Map<string, { start: number; end: number }>();
  for (let n = 0; n < entries.ids.length; n++) {
    if (entries.flags[n] !== 0) continue;
    const value = entries.values[n]!;
    // An array's strings have no key; an object member's key is the event before its value.
    if (doc.kind(parents[value]!) !== OBJECT) continue;
    const key = value - 1;
    keys.set(entries.ids[n]!, { start: doc.start(key), end: doc.end(key) });
  }
  return keys;
}

export function jsonRenameKeys(
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
  const local = new Map([...renames].filter(([to, from]) => parentPath(to) === parentPath(from)));
  const mine = keysOf(doc);
  const from = keysOf(theirs);
  const { text, renamed } = renameKeyTokens(doc.text, local, {
    target: (id) => mine.get(id),
    source: (id) => {
      const at = from.get(id);
      return at && theirs.text.slice(at.start, at.end);
    },
  });
  if (renamed.size === 0) return { bytes: target, renamed };
  return { bytes: encodeText(text, doc.decoded.encoding, doc.decoded.bom), renamed };
}
