/**
 * updateLocaleList: one `locale_lists:` file brought in step with what ships, as the smallest
 * change to its bytes — never a re-serialized file (DESIGN §7).
 */
import type { LocaleListEntry } from '../config/locale-lists.ts';
import { FormatError } from '../formats/errors.ts';
import { applyEdits, type DecodedText, decodeText, encodeText } from '../formats/file-text.ts';
import { androidSite, newAndroidList } from './android.ts';
import { LocaleListError } from './errors.ts';
import { jsonSite } from './json.ts';
import { type ListSite, listEdits } from './list-edits.ts';
import { planList, type ShipState } from './plan.ts';
import { isBinaryPlist, plistSite } from './plist.ts';
import { yamlSite } from './yaml.ts';

/** The file as the repository holds it; `bytes` undefined when it does not exist. */
export interface LocaleListFile {
  path: string;
  bytes: Uint8Array | undefined;
}

export interface LocaleListUpdate {
  /** The new file, or undefined when it needs no change. */
  bytes: Uint8Array | undefined;
  /** Codes appended, as the file spells them. */
  added: string[];
  /** Codes removed (held back, with `remove_held_back`), as the file spelled them. */
  removed: string[];
}

function siteOf(decoded: DecodedText, path: string, entry: LocaleListEntry): ListSite {
  switch (entry.kind) {
    case 'android':
      return androidSite(decoded, path);
    case 'plist':
      return plistSite(decoded, path);
    case 'json':
      return jsonSite(decoded, path, entry.at ?? '');
    case 'yaml':
      return yamlSite(decoded, path, entry.at ?? '');
  }
}

/**
 * Adds the source and every shipped language a list lacks (in the spelling the file uses, after
 * its last item and written like it), never adds a held-back one, and removes a held-back one
 * only when the entry says `remove_held_back`; items that are no configured language stay.
 *
 * A missing Android `locales_config.xml` is created (it holds nothing but the list); any other
 * missing file is an error, as it holds the app's other settings, which we cannot know. A file that
 * does not parse, or has no list where the entry says, throws LocaleListError naming the file and
 * what is missing — nothing is written then.
 */
export function updateLocaleList(
  file: LocaleListFile,
  entry: LocaleListEntry,
  state: ShipState,
): LocaleListUpdate {
  if (file.bytes === undefined) {
    if (entry.kind !== 'android') {
      throw new LocaleListError(
        file.path,
        'does not exist: create it with the list in it first (only an Android locales_config.xml, which holds nothing else, is created)',
      );
    }
    const { added } = planList([], entry.kind, state, false);
    return { bytes: new TextEncoder().encode(newAndroidList(added)), added, removed: [] };
  }
  if (entry.kind === 'plist' && isBinaryPlist(file.bytes)) {
    const problem =
      'is a binary property list: convert it to XML (plutil -convert xml1) so its list can be edited';
    throw new LocaleListError(file.path, problem);
  }
  let decoded: DecodedText;
  let site: ListSite;
  try {
    decoded = decodeText(file.bytes, { fileName: file.path });
    site = siteOf(decoded, file.path, entry);
  } catch (error) {
    if (!(error instanceof FormatError)) throw error;
    const problem = `cannot be read: ${error.message} (line ${error.line}, column ${error.column})`;
    throw new LocaleListError(file.path, problem, { cause: error });
  }
  const values = site.items.map((item) => item.value);
  const plan = planList(values, entry.kind, state, entry.removeHeldBack);
  const removed = [...plan.removed].sort((a, b) => a - b).map((i) => values[i]!);
  if (plan.added.length === 0 && removed.length === 0) return { bytes: undefined, added: [], removed: [] };
  const text = applyEdits(site.text, listEdits(site, plan.added, plan.removed));
  return { bytes: encodeText(text, decoded.encoding, decoded.bom), added: plan.added, removed };
}
