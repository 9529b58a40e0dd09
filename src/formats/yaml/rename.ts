/**
 * renameKeys for YAML string files: a key renamed in its own map (`orders.cancel` →
 * `orders.cancel_order`) is rewritten where the target has it, as the source writes the new key;
 * the value, its comments and the lines around stay as people wrote them (DESIGN §7). A key moved
 * to another map is left to remove and insert.
 */
import { encodeText } from '../file-text.ts';
import { renameKeyTokens } from '../kit/rename-keys.ts';
import type { RenamedKeys, RenderOptions } from '../model.ts';
import { readYaml, type YamlFile } from './read.ts';
import { chain, idSteps, topOf } from './tree-paths.ts';

/** Where the file writes the key of an id's pair (the last step's key scalar). */
function keyRange(file: YamlFile, id: string): { start: number; end: number } | undefined {
  const { top } = topOf(file.documents);
  const pairs = top && chain(top, id);
  const range = pairs?.at(-1)?.pair.key.range;
  return range ? { start: range[0], end: range[1] } : undefined;
}

/** Whether two ids name keys of one map: every step but the last is the same. */
function sameMap(a: string, b: string): boolean {
  const x = idSteps(a);
  const y = idSteps(b);
  return x.length === y.length && x.slice(0, -1).every((step, i) => step === y[i]);
}

export function yamlRenameKeys(
  target: Uint8Array,
  renames: ReadonlyMap<string, string>,
  source: Uint8Array,
  options: RenderOptions,
): RenamedKeys {
  const file = readYaml(target, { fileName: options.fileName, maxBytes: options.maxBytes });
  const theirs = readYaml(source, { maxBytes: options.maxBytes });
  const local = new Map([...renames].filter(([to, from]) => sameMap(to, from)));
  const { text, renamed } = renameKeyTokens(file.decoded.text, local, {
    target: (id) => keyRange(file, id),
    source: (id) => {
      const at = keyRange(theirs, id);
      return at && theirs.decoded.text.slice(at.start, at.end);
    },
  });
  if (renamed.size === 0) return { bytes: target, renamed };
  return { bytes: encodeText(text, file.decoded.encoding, file.decoded.bom), renamed };
}
