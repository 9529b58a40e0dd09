/**
 * `qa` checks the length limit a context rule gives (`.svc.yml` `context:` or a `*.context.yml`)
 * in every format, at the line of the translation, naming where the limit is written.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.ts';
import { runQa } from '../../src/qa/index.ts';

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'qa-max-length-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const config = loadConfig(`source: en
targets: [de]
files:
  - source: locales/en/*.json
    translation: locales/%lang%/%file%
  - source: config/locales/en.yml
    translation: config/locales/%lang%.yml
  - source: res/values/strings.xml
    translation: res/values-%lang%/strings.xml
  - source: po/messages.pot
    translation: po/%lang%.po
context:
  - keys: 'settings.*'
    files: 'config/locales/*.yml'
    max_length: 10
  - keys: 'save_*'
    max_length: 8
  - keys: 'Open'
    max_length: 6
`);

const root = tree({
  'locales/en/common.json':
    '{\n  "tabs": {\n    "general": "General",\n    "privacy": "Privacy"\n  },\n  "brand": "Acme"\n}\n',
  'locales/en/common.context.yml':
    "context:\n  - keys: 'tabs.*'\n    max_length: 12\n  - keys: brand\n    do_not_translate: true\n",
  'locales/de/common.json':
    '{\n  "tabs": {\n    "general": "Allgemein",\n    "privacy": "Datenschutzeinstellungen"\n  },\n  "brand": "Acme GmbH und Co. KG"\n}\n',
  'config/locales/en.yml': 'en:\n  settings:\n    title: Settings\n',
  'config/locales/de.yml': 'de:\n  settings:\n    title: Einstellungen\n',
  'res/values/strings.xml':
    '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n    <string name="save_button">Save</string>\n</resources>\n',
  'res/values-de/strings.xml':
    '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n    <string name="save_button">Speichern</string>\n</resources>\n',
  'po/messages.pot':
    'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Open"\nmsgstr ""\n',
  'po/de.po':
    'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: de\\n"\n\nmsgid "Open"\nmsgstr "Öffnen!!"\n',
});

describe('qa: max_length from context rules', () => {
  it('reports each translation over its max_length at its line, in JSON, YAML, Android and PO', async () => {
    const report = await runQa({ root, config });
    const over = report.findings
      .filter((f) => f.rule === 'length-limit')
      .map((f) => `${f.path}:${f.line}:${f.column} [${f.key}] ${f.message}`);
    expect(over).toEqual([
      'config/locales/de.yml:3:12 [settings.title] translation is 13 characters long; max_length in .svc.yml allows 10',
      'locales/de/common.json:4:17 [tabs.privacy] translation is 24 characters long; max_length in locales/en/common.context.yml allows 12',
      'po/de.po:7:9 [Open] translation is 8 characters long; max_length in .svc.yml allows 6',
      'res/values-de/strings.xml:3:32 [save_button] translation is 9 characters long; max_length in .svc.yml allows 8',
    ]);
    // do_not_translate: the brand is not checked (it is no unit to translate).
    expect(report.findings.some((f) => f.key === 'brand')).toBe(false);
  });

  it('reports a bad context file at its line instead of checking the file', async () => {
    const bad = tree({
      'locales/en/common.json': '{ "a": "A" }\n',
      'locales/en/common.context.yml': 'context:\n  - keys: a\n    max_length: many\n',
      'locales/de/common.json': '{ "a": "A" }\n',
    });
    const report = await runQa({ root: bad, config });
    expect(report.findings).toMatchObject([
      { path: 'locales/en/common.context.yml', line: 3, rule: 'parse-error' },
    ]);
    expect(report.findings[0]!.message).toContain('context[0].max_length: must be a positive whole number');
  });
});
