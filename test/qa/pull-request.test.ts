import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.ts';
import { pullRequestFindings } from '../../src/qa/index.ts';
import { repoRoot } from '../support/processes.ts';

const app = join(repoRoot, 'test/fixtures/qa/app');
const config = loadConfig(readFileSync(join(app, '.svc.yml'), 'utf8'));
const findingsOf = pullRequestFindings({ root: app, config });

describe('pullRequestFindings', () => {
  it('checks the files a pull request is about to hold instead of the checkout, and only those', async () => {
    const fixed = [
      '{',
      '  "greeting": "Hallo, {{name}}!",',
      '  "cart": {',
      '    "items_one": "{{count}} Artikel",',
      '    "items_other": "{{count}} Artikel",',
      '    "checkout": "Zum Warenkorb"',
      '  },',
      '  "nested": "Siehe $t(cart.checkout)",',
      '  "legal": "Mit der Anmeldung akzeptierst du die <strong>Bedingungen</strong>.",',
      '  "title": "Dein Warenkorb ist leer"',
      '}',
      '',
    ].join('\n');
    // The checkout's de.json has mistakes; the pull request's version has none.
    expect(await findingsOf([{ path: 'locales/de.json', content: fixed }])).toEqual([]);

    const broken = fixed.replace('Hallo, {{name}}!', 'Hallo, {{nom}}!');
    const findings = await findingsOf([{ path: 'locales/de.json', content: Buffer.from(broken) }]);
    expect(
      findings.map((f) => `${f.path}:${f.line}:${f.column} ${f.severity} ${f.rule} [${f.lang} ${f.key}]`),
    ).toEqual(['locales/de.json:2:16 error placeholder-renamed [de greeting]']);
  });
});
