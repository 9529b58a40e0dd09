import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/index.ts';

const BASE = `source: en
targets: [de, pt-BR]
files:
  - source: locales/en.json
    translation: locales/%lang%.json
`;

const load = (lists: string) => loadConfig(`${BASE}locale_lists:\n${lists}`);

/** The messages of the ConfigError thrown by loading these `locale_lists:` lines. */
function problems(lists: string): string[] {
  try {
    load(lists);
  } catch (error) {
    if (error instanceof ConfigError) return error.message.split('\n');
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('locale_lists in .svc.yml', () => {
  it('takes the kind of each list from its file name, with at and remove_held_back', () => {
    const config = load(`  - path: app/src/main/res/xml/locales_config.xml
  - path: ios/App/Info.plist
    remove_held_back: true
  - path: src/i18n/config.json
    at: /supportedLngs
  - path: config/application.yml
    at: i18n.available_locales
`);
    expect(config.localeLists).toEqual([
      { path: 'app/src/main/res/xml/locales_config.xml', kind: 'android', removeHeldBack: false },
      { path: 'ios/App/Info.plist', kind: 'plist', removeHeldBack: true },
      { path: 'src/i18n/config.json', kind: 'json', at: '/supportedLngs', removeHeldBack: false },
      { path: 'config/application.yml', kind: 'yaml', at: 'i18n.available_locales', removeHeldBack: false },
    ]);
  });

  it('leaves localeLists out when the setting is absent', () => {
    expect(loadConfig(BASE).localeLists).toBeUndefined();
  });

  it('refuses a file name that says no kind, naming the entry', () => {
    expect(problems('  - path: app/locales.txt\n')).toEqual([
      '.svc.yml: locale_lists[0].path: is no kind of locale list: use an Android locales_config .xml, an Info.plist (.plist), or a .json, .yml or .yaml file with at',
    ]);
  });

  it('asks for at on a JSON or YAML list', () => {
    expect(problems('  - path: src/i18n/config.json\n  - path: config/app.yaml\n')).toEqual([
      '.svc.yml: locale_lists[0].path: needs at: where the list is in the file (at: /supportedLngs)',
      '.svc.yml: locale_lists[1].path: needs at: where the list is in the file (at: i18n.available_locales)',
    ]);
  });

  it('refuses at that is not a JSON pointer, or not a YAML path', () => {
    expect(problems('  - path: a.json\n    at: supportedLngs\n')).toEqual([
      '.svc.yml: locale_lists[0].at: "supportedLngs" is not a JSON pointer: it starts with / (like /supportedLngs)',
    ]);
    expect(problems('  - path: a.json\n    at: /a~2b\n')[0]).toMatch(/write ~ as ~0/);
    expect(problems('  - path: a.yml\n    at: i18n..locales\n')[0]).toMatch(/is not a YAML path/);
  });

  it('refuses at on an Android or plist list, whose place is fixed', () => {
    expect(problems('  - path: ios/Info.plist\n    at: /x\n')).toEqual([
      '.svc.yml: locale_lists[0].at: is only for JSON and YAML files: the list in ios/Info.plist is its CFBundleLocalizations',
    ]);
  });

  it('refuses a path outside the repository or under .github, as translation paths are', () => {
    expect(problems('  - path: ../other/config.json\n    at: /l\n')[0]).toBe(
      '.svc.yml: locale_lists[0].path: must stay inside the repository (no .. segments)',
    );
    expect(problems('  - path: .github/locales.yml\n    at: l\n')[0]).toMatch(/must not be under \.github/);
  });

  it('refuses remove_held_back that is not true or false, and unknown keys with a hint', () => {
    expect(problems('  - path: a.xml\n    remove_held_back: "yes"\n')[0]).toBe(
      '.svc.yml: locale_lists[0].remove_held_back: must be true or false, not "yes"',
    );
    expect(problems('  - path: a.xml\n    remove_heldback: true\n')[0]).toMatch(
      /unknown key "remove_heldback" \(did you mean "remove_held_back"\?\)/,
    );
  });

  it('refuses the same list named twice', () => {
    expect(problems('  - path: a.xml\n  - path: a.xml\n')).toEqual([
      '.svc.yml: locale_lists[1].path: "a.xml" is listed twice',
    ]);
  });
});
