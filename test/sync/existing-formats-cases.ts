/**
 * The repositories test/sync/existing-formats.test.ts syncs, one per format: fixture files with
 * people's translations (test/fixtures/existing/<format>/), where they live, and the source
 * change, the person's edit and the removal each check makes.
 */
import { join } from 'node:path';

export const FIXTURES = join(import.meta.dirname, '../fixtures/existing');
export const LANGS = ['de', 'ru'] as const;
export type Lang = (typeof LANGS)[number];

/** A text edit that must apply: a fixture that drifted from its case is a broken test, not a pass. */
export interface Replace {
  from: string | RegExp;
  to: string;
}

export interface Case {
  /** Fixture file names in test/fixtures/existing/<format>/. */
  fixtures: { source: string } & Record<Lang, string>;
  /** Where they live in the repository. */
  paths: { source: string } & Record<Lang, string>;
  /** The `files:` entry. */
  pattern: string;
  translation: string;
  /** One source string changed: the unit's id (and its new id where the id is the text). */
  change: Replace & { id: string; newId?: string; lines: number };
  /** A person's edit in the German target: the unit and its source text (for the memory). */
  edit: Replace & { id: string; source: string; text: string };
  /** A unit taken out of the source. */
  remove: Replace & { id: string };
  /** Lines of units a target holds empty (untranslated): the first sync fills them. */
  filled?: Partial<Record<Lang, string[]>>;
}

export const CASES: Record<string, Case> = {
  json: {
    fixtures: { source: 'en.json', de: 'de.json', ru: 'ru.json' },
    paths: { source: 'locales/en/common.json', de: 'locales/de/common.json', ru: 'locales/ru/common.json' },
    pattern: 'locales/en/*.json',
    translation: 'locales/%lang%/%file%',
    change: { id: 'app.save', from: '"Save"', to: '"Save all"', lines: 1 },
    edit: {
      id: 'app.title',
      from: '"Notizen"',
      to: '"Meine Notizen"',
      source: 'Notes',
      text: 'Meine Notizen',
    },
    remove: { id: 'app.delete', from: '\n    "delete": "Delete",', to: '' },
  },
  arb: {
    fixtures: { source: 'app_en.arb', de: 'app_de.arb', ru: 'app_ru.arb' },
    paths: { source: 'lib/l10n/app_en.arb', de: 'lib/l10n/app_de.arb', ru: 'lib/l10n/app_ru.arb' },
    pattern: 'lib/l10n/app_en.arb',
    translation: 'lib/l10n/app_%lang%.arb',
    change: { id: 'save', from: '"save": "Save"', to: '"save": "Save all"', lines: 1 },
    edit: {
      id: 'appTitle',
      from: '"Notizen"',
      to: '"Meine Notizen"',
      source: 'Notes',
      text: 'Meine Notizen',
    },
    remove: {
      id: 'delete',
      from: '  "delete": "Delete",\n  "@delete": {\n    "description": "Button that deletes the selected note"\n  },\n',
      to: '',
    },
  },
  yaml: {
    fixtures: { source: 'en.yml', de: 'de.yml', ru: 'ru.yml' },
    paths: { source: 'config/locales/en.yml', de: 'config/locales/de.yml', ru: 'config/locales/ru.yml' },
    pattern: 'config/locales/en.yml',
    translation: 'config/locales/%lang%.yml',
    change: { id: 'notes.save', from: '    save: Save\n', to: '    save: Save all\n', lines: 1 },
    edit: {
      id: 'notes.title',
      from: 'title: Notizen',
      to: 'title: Meine Notizen',
      source: 'Notes',
      text: 'Meine Notizen',
    },
    remove: { id: 'notes.delete', from: '    delete: Delete\n', to: '' },
  },
  properties: {
    fixtures: { source: 'messages.properties', de: 'messages_de.properties', ru: 'messages_ru.properties' },
    paths: {
      source: 'src/main/resources/messages.properties',
      de: 'src/main/resources/messages_de.properties',
      ru: 'src/main/resources/messages_ru.properties',
    },
    pattern: 'src/main/resources/messages.properties',
    translation: 'src/main/resources/messages_%lang%.properties',
    change: { id: 'app.save', from: 'app.save=Save\n', to: 'app.save=Save all\n', lines: 1 },
    edit: {
      id: 'app.title',
      from: 'app.title=Notizen',
      to: 'app.title=Meine Notizen',
      source: 'Notes',
      text: 'Meine Notizen',
    },
    remove: { id: 'app.delete', from: 'app.delete=Delete\n', to: '' },
  },
  strings: {
    fixtures: { source: 'en.strings', de: 'de.strings', ru: 'ru.strings' },
    paths: {
      source: 'App/en.lproj/Localizable.strings',
      de: 'App/de.lproj/Localizable.strings',
      ru: 'App/ru.lproj/Localizable.strings',
    },
    pattern: 'App/en.lproj/*.strings',
    translation: 'App/%lang%.lproj/%file%',
    change: { id: 'notes.save', from: '"notes.save" = "Save";', to: '"notes.save" = "Save all";', lines: 1 },
    edit: {
      id: 'notes.title',
      from: '"notes.title" = "Notizen";',
      to: '"notes.title" = "Meine Notizen";',
      source: 'Notes',
      text: 'Meine Notizen',
    },
    remove: {
      id: 'notes.delete',
      from: '/* Button: delete the current note */\n"notes.delete" = "Delete";\n\n',
      to: '',
    },
  },
  android: {
    fixtures: { source: 'strings.xml', de: 'strings-de.xml', ru: 'strings-ru.xml' },
    paths: {
      source: 'app/src/main/res/values/strings.xml',
      de: 'app/src/main/res/values-de/strings.xml',
      ru: 'app/src/main/res/values-ru/strings.xml',
    },
    pattern: 'app/src/main/res/values/strings.xml',
    translation: 'app/src/main/res/values-%android_code%/strings.xml',
    change: { id: 'action_save', from: '>Save<', to: '>Save all<', lines: 1 },
    edit: {
      id: 'title_notes',
      from: '>Notizen<',
      to: '>Meine Notizen<',
      source: 'Notes',
      text: 'Meine Notizen',
    },
    remove: { id: 'action_delete', from: '    <string name="action_delete">Delete</string>\n', to: '' },
  },
  po: {
    fixtures: { source: 'messages.pot', de: 'de.po', ru: 'ru.po' },
    paths: { source: 'po/messages.pot', de: 'po/de.po', ru: 'po/ru.po' },
    pattern: 'po/messages.pot',
    translation: 'po/%lang%.po',
    // A PO unit is its msgid: a changed source string is a new unit in place of the old one.
    // A target whose order differs from the POT's gets the new entry at the POT's place: the old
    // entry's comment, msgid, msgstr and blank line leave, the new one's arrive.
    change: { id: 'Save', newId: 'Save all', from: 'msgid "Save"\n', to: 'msgid "Save all"\n', lines: 4 },
    edit: {
      id: 'Notes',
      from: 'msgstr "Notizen"',
      to: 'msgstr "Meine Notizen"',
      source: 'Notes',
      text: 'Meine Notizen',
    },
    remove: { id: 'Delete', from: '#: app/views.py:21\nmsgid "Delete"\nmsgstr ""\n\n', to: '' },
    filled: { ru: ['msgstr ""'] },
  },
  stringsdict: {
    fixtures: { source: 'en.stringsdict', de: 'de.stringsdict', ru: 'ru.stringsdict' },
    paths: {
      source: 'App/en.lproj/Localizable.stringsdict',
      de: 'App/de.lproj/Localizable.stringsdict',
      ru: 'App/ru.lproj/Localizable.stringsdict',
    },
    pattern: 'App/en.lproj/*.stringsdict',
    translation: 'App/%lang%.lproj/%file%',
    // Russian few/many/other all follow the source's `other`: the unit's three lines.
    change: {
      id: 'days.ago|days',
      from: '<string>%d days ago</string>',
      to: '<string>%d days back</string>',
      // Russian one (21, 31…), few, many and other are all translated from the source's other.
      lines: 4,
    },
    edit: {
      id: 'notes.count|notes',
      from: '<string>%d Notizen</string>',
      to: '<string>%d Notizen insgesamt</string>',
      source: '%d notes',
      text: '%d Notizen insgesamt',
    },
    remove: {
      id: 'files.left|files',
      from: /\t<key>files\.left<\/key>\n\t<dict>[\s\S]*?\n\t<\/dict>\n/,
      to: '',
    },
  },
  xliff12: {
    fixtures: { source: 'messages.xlf', de: 'messages.de.xlf', ru: 'messages.ru.xlf' },
    paths: {
      source: 'src/locale/messages.xlf',
      de: 'src/locale/messages.de.xlf',
      ru: 'src/locale/messages.ru.xlf',
    },
    pattern: 'src/locale/messages.xlf',
    translation: 'src/locale/messages.%lang%.xlf',
    // The target carries the source text too: its <source> and <target> change.
    change: { id: 'saveButton', from: '<source>Save</source>', to: '<source>Save all</source>', lines: 2 },
    edit: {
      id: 'notesTitle',
      from: '>Notizen</target>',
      to: '>Meine Notizen</target>',
      source: 'Notes',
      text: 'Meine Notizen',
    },
    remove: { id: 'deleteButton', from: /\n {6}<trans-unit id="deleteButton"[\s\S]*?<\/trans-unit>/, to: '' },
  },
  xliff2: {
    fixtures: { source: 'messages.xlf', de: 'messages.de.xlf', ru: 'messages.ru.xlf' },
    paths: {
      source: 'src/locale/messages.xlf',
      de: 'src/locale/messages.de.xlf',
      ru: 'src/locale/messages.ru.xlf',
    },
    pattern: 'src/locale/messages.xlf',
    translation: 'src/locale/messages.%lang%.xlf',
    change: { id: 'saveButton', from: '<source>Save</source>', to: '<source>Save all</source>', lines: 2 },
    edit: {
      id: 'notesTitle',
      from: '>Notizen</target>',
      to: '>Meine Notizen</target>',
      source: 'Notes',
      text: 'Meine Notizen',
    },
    remove: { id: 'deleteButton', from: /\n {4}<unit id="deleteButton">[\s\S]*?<\/unit>/, to: '' },
  },
  csv: {
    fixtures: { source: 'strings.csv', de: 'strings-de.csv', ru: 'strings-ru.csv' },
    paths: { source: 'i18n/en/strings.csv', de: 'i18n/de/strings.csv', ru: 'i18n/ru/strings.csv' },
    pattern: 'i18n/en/strings.csv',
    translation: 'i18n/%lang%/strings.csv',
    change: { id: 'notes.save', from: 'notes.save,Save,', to: 'notes.save,Save all,', lines: 1 },
    edit: {
      id: 'notes.title',
      from: 'notes.title,Notizen,',
      to: 'notes.title,Meine Notizen,',
      source: 'Notes',
      text: 'Meine Notizen',
    },
    remove: { id: 'notes.delete', from: 'notes.delete,Delete,Button\r\n', to: '' },
  },
  markdown: {
    fixtures: { source: 'guide.md', de: 'guide-de.md', ru: 'guide-ru.md' },
    paths: { source: 'docs/en/guide.md', de: 'docs/de/guide.md', ru: 'docs/ru/guide.md' },
    pattern: 'docs/en/*.md',
    translation: 'docs/%lang%/%file%',
    // Units are positional: the changed unit is the third paragraph, the removed one the last.
    change: {
      id: 'p3',
      from: "type a colleague's address",
      to: "type a colleague's email address",
      lines: 1,
    },
    edit: {
      id: 'h1',
      from: '# Erste Schritte',
      to: '# Los geht’s',
      source: 'Getting started',
      text: 'Los geht’s',
    },
    remove: { id: 'p4', from: '\nQuestions? Write to support@acme.example.\n', to: '' },
  },
  text: {
    fixtures: { source: 'description.txt', de: 'description-de.txt', ru: 'description-ru.txt' },
    paths: {
      source: 'store/en/description.txt',
      de: 'store/de/description.txt',
      ru: 'store/ru/description.txt',
    },
    pattern: 'store/en/*.txt',
    translation: 'store/%lang%/%file%',
    change: {
      id: 'l4',
      from: 'No account needed for local notes.',
      to: 'No account needed for notes on this device.',
      lines: 1,
    },
    edit: {
      id: 'l1',
      from: 'schnelle, private Notizen',
      to: 'schnelle und private Notizen',
      source: 'Acme Notes: fast, private notes.',
      text: 'Acme Notes: schnelle und private Notizen.',
    },
    remove: { id: 'l5', from: 'Dark mode, widgets and "quick capture".\n', to: '' },
  },
};

/** Applies a replacement that must match. */
export function apply(text: string, r: Replace): string {
  const out = text.replace(r.from, r.to);
  if (out === text) throw new Error(`the fixture no longer contains ${String(r.from)}`);
  return out;
}

export const configOf = (c: Case) => `source: en
targets: [de, ru]
mode: instant
files:
  - source: ${c.pattern}
    translation: ${c.translation}
`;
