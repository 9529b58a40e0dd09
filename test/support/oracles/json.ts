/**
 * i18next JSON read as i18next loads it (issue 34, build items 2 and 3): `JSON.parse` (RFC 8259;
 * a repeated key: the last wins) gives the resource tree i18next stores, and a string is found at
 * its key path (i18next's default keySeparator `.`); so the oracle's units are every string leaf at
 * its path — a `\`, `.` or `#` inside a key backslash-escaped, as our ids write them, array items
 * by index. i18next v4's plural keys (`key_one`, `key_other`, `key_ordinal_one`: "Plurals" in
 * i18next's docs) are leaves like any other here; our plural units are taken apart into them.
 */
import type { Unit } from '../../../src/formats/model.ts';
import { decodeFile } from './decode.ts';
import { ourLeaves } from './leaves.ts';

const escapeKey = (key: string) => key.replace(/[\\.#]/g, '\\$&');

/** Every string of a JSON file, by key path. */
export function jsonLeaves(bytes: Uint8Array): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (node: unknown, path: string) => {
    if (typeof node === 'string') out.set(path, node);
    else if (node && typeof node === 'object')
      for (const [k, v] of Object.entries(node))
        walk(v, path === '' ? escapeKey(k) : `${path}.${escapeKey(k)}`);
  };
  walk(JSON.parse(decodeFile(bytes).replace(/^\uFEFF/, '')), '');
  return out;
}

/** Our units as leaves: a plural unit `base` (`base#plural`, `base#ordinal`) at `base_<category>` (`base_ordinal_<category>`). */
export const jsonAsOracle = (units: readonly Unit[], theirs: ReadonlyMap<string, string>) =>
  ourLeaves(
    units,
    (id, c) => {
      const ordinal = id.endsWith('#ordinal');
      const base = id.replace(/#(?:plural|ordinal)$/, '');
      return `${base}${ordinal ? '_ordinal' : ''}_${c}`;
    },
    theirs,
  );
