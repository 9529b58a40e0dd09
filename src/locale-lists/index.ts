/**
 * Locale lists (issue #37): the files an app declares its languages in — Android's
 * `locales_config.xml`, an Info.plist's `CFBundleLocalizations`, an array in a JSON or YAML
 * settings file (`locale_lists:` in `.svc.yml`) — kept in step with the languages a release
 * ships. `updateLocaleList` takes the file's bytes, its entry and the ship gate's answer, and
 * returns the file with only the list changed; writing it is the caller's (the Action, the
 * receiver), with the file's other changes.
 */
export { LocaleListError } from './errors.ts';
export type { ShipState } from './plan.ts';
export { type LocaleListFile, type LocaleListUpdate, updateLocaleList } from './update.ts';
