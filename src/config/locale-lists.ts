/**
 * `locale_lists:` — files the project keeps in step with the languages it ships (issue #37): an
 * Android `locales_config.xml`, an Info.plist's `CFBundleLocalizations`, or an array inside a JSON
 * or YAML settings file. The kind comes from the file name, so the setting stays one line for the
 * common files; `at` says where the list is in a JSON or YAML file, which has no fixed place for it.
 */
import { z } from 'zod';
import { writablePathProblem } from './paths.ts';

export const LocaleListEntrySchema = z.strictObject({
  path: z.string().min(1, 'must not be empty'),
  /** JSON: a JSON pointer (`/supportedLngs`); YAML: keys joined with `.` (`i18n.available_locales`). */
  at: z.string().optional(),
  /** Whether a held-back language the list already holds leaves it (default: it stays). */
  remove_held_back: z.boolean().optional(),
});

export type RawLocaleListEntry = z.infer<typeof LocaleListEntrySchema>;

/** What a locale list is, and so how it is read and edited. */
export type LocaleListKind = 'android' | 'plist' | 'json' | 'yaml';

/** One `locale_lists:` entry, validated. */
export interface LocaleListEntry {
  path: string;
  /** From the file name; an Android file's `<locale-config>` root is checked when it is read. */
  kind: LocaleListKind;
  /** JSON pointer (json) or `.`-joined keys (yaml); undefined for android and plist. */
  at?: string | undefined;
  removeHeldBack: boolean;
}

/** The kind a file name says, or undefined when it says none of them. */
export function localeListKind(path: string): LocaleListKind | undefined {
  const ext = /\.([^./]+)$/.exec(path)?.[1]?.toLowerCase();
  if (ext === 'xml') return 'android';
  if (ext === 'plist') return 'plist';
  if (ext === 'json') return 'json';
  if (ext === 'yml' || ext === 'yaml') return 'yaml';
  return undefined;
}

/** RFC 6901: empty (the whole document), or `/`-prefixed segments where `~` is only `~0` or `~1`. */
function jsonPointerProblem(at: string): string | undefined {
  if (at !== '' && !at.startsWith('/'))
    return `"${at}" is not a JSON pointer: it starts with / (like /supportedLngs)`;
  if (/~(?![01])/.test(at)) return `"${at}" is not a JSON pointer: write ~ as ~0 and / inside a key as ~1`;
  return undefined;
}

/** The keys a JSON pointer names, unescaped (RFC 6901 §4: `~1` before `~0`). */
export function jsonPointerKeys(at: string): string[] {
  if (at === '') return [];
  return at
    .slice(1)
    .split('/')
    .map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~'));
}

type Report = (path: PropertyKey[], message: string) => void;

/** The rules of each entry that need more than a type: a safe path, a known kind, a usable `at`. */
export function checkLocaleLists(entries: readonly RawLocaleListEntry[], report: Report): void {
  const seen = new Set<string>();
  entries.forEach((entry, i) => {
    const at = (key: string) => ['locale_lists', i, key];
    const pathProblem = writablePathProblem(entry.path);
    if (pathProblem) report(at('path'), pathProblem);
    const kind = localeListKind(entry.path);
    if (!kind) {
      report(
        at('path'),
        'is no kind of locale list: use an Android locales_config .xml, an Info.plist (.plist), or a .json, .yml or .yaml file with at',
      );
      return;
    }
    const place = `${entry.path}\u0000${entry.at ?? ''}`;
    if (seen.has(place)) report(at('path'), `"${entry.path}" is listed twice`);
    seen.add(place);
    if (kind === 'android' || kind === 'plist') {
      if (entry.at !== undefined) {
        const where = kind === 'android' ? '<locale-config>' : 'CFBundleLocalizations';
        report(at('at'), `is only for JSON and YAML files: the list in ${entry.path} is its ${where}`);
      }
      return;
    }
    if (entry.at === undefined) {
      const example = kind === 'json' ? 'at: /supportedLngs' : 'at: i18n.available_locales';
      report(at('path'), `needs at: where the list is in the file (${example})`);
    } else if (kind === 'json') {
      const problem = jsonPointerProblem(entry.at);
      if (problem) report(at('at'), problem);
    } else if (entry.at.split('.').some((key) => key === '')) {
      report(at('at'), `"${entry.at}" is not a YAML path: keys joined with . (like i18n.available_locales)`);
    }
  });
}

/** The validated entries (kinds known: the schema has refused the others). */
export function toLocaleLists(entries: readonly RawLocaleListEntry[]): LocaleListEntry[] {
  return entries.map((entry) => ({
    path: entry.path,
    kind: localeListKind(entry.path)!,
    ...(entry.at !== undefined ? { at: entry.at } : {}),
    removeHeldBack: entry.remove_held_back ?? false,
  }));
}
