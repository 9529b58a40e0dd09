import { describe, expect, it } from 'vitest';
import { placeholderIssues as workbenchIssues } from '../../server/services/workbench/document-view.ts';
import { type PlaceholderSyntax, SYNTAX_NAMES } from '../../src/formats/placeholders/types.ts';
import { formatByName } from '../../src/formats/registry.ts';
import { checkFile } from '../../src/qa/check-file.ts';
import { placeholderIssues } from '../../src/qa/placeholders.ts';
import { placeholderWarnings } from '../../src/translations/placeholder-qa.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

/** A source text with a placeholder, and a translation that dropped it, in a file that pins its syntax. */
interface Sample {
  placeholder: string;
  /** Source and translated file, the syntax pinned by the format or a gettext flag. */
  files(source: string, target: string): { format: string; path: string; source: string; target: string };
}

const po = (flag: string) => (source: string, target: string) => {
  const file = (msgstr: string) =>
    `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n#, ${flag}\nmsgid "${source}"\nmsgstr "${msgstr}"\n`;
  return { format: 'po', path: 'po/de.po', source: file(''), target: file(target) };
};
const json = (source: string, target: string) => ({
  format: 'json',
  path: 'locales/de.json',
  source: JSON.stringify({ total: source }),
  target: JSON.stringify({ total: target }),
});
const rails = (source: string, target: string) => ({
  format: 'yaml',
  path: 'config/locales/de.yml',
  source: `en:\n  total: "${source}"\n`,
  target: `de:\n  total: "${target}"\n`,
});

/**
 * One sample per syntax the formats library detects: a syntax added to PlaceholderSyntax without a
 * sample here fails the typecheck, and one the rule set does not see fails below.
 */
const SAMPLES: Record<PlaceholderSyntax, Sample> = {
  printf: { placeholder: '%s', files: po('c-format') },
  ruby: { placeholder: '%{count}', files: rails },
  java: { placeholder: '{0}', files: po('java-format') },
  formatter: { placeholder: '%1$s', files: po('java-printf-format') },
  icu: { placeholder: '{name}', files: json },
  i18next: { placeholder: '{{name}}', files: json },
  tags: { placeholder: '<br/>', files: json },
  qt: { placeholder: '%1', files: po('qt-format') },
  boost: { placeholder: '%1%', files: po('boost-format') },
  sh: { placeholder: '$HOME', files: po('sh-format') },
  lisp: { placeholder: '~a', files: po('lisp-format') },
};

describe('one placeholder rule set (issue 35): the pull request body, the QA check, the workbench and MT agree', () => {
  it('has a sample for every syntax the formats library names', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...SYNTAX_NAMES].sort());
  });

  for (const [syntax, sample] of Object.entries(SAMPLES)) {
    it(`${syntax}: a dropped ${sample.placeholder} is the same finding in the PR body as in the QA check`, () => {
      const f = sample.files(`Total ${sample.placeholder} today`, 'Heute insgesamt');
      const format = formatByName(f.format)!;
      const pair = {
        format,
        sourcePath: f.path.replace('de', 'en'),
        targetPath: f.path,
        source: bytes(f.source),
        target: bytes(f.target),
        sourceLang: 'en',
        lang: 'de',
      };
      const qa = checkFile(pair).findings.filter((x) => x.rule.startsWith('placeholder-'));
      const body = placeholderWarnings(
        { path: pair.sourcePath, bytes: pair.source },
        { path: pair.targetPath, bytes: pair.target },
        { source: 'en', targets: ['de'] },
        f.format,
      );
      expect(qa.map((x) => x.message)).toEqual([`missing placeholder ${sample.placeholder}`]);
      expect(body.map((w) => `${w.path} ${w.id}: ${w.message}`)).toEqual(
        qa.map((x) => `${x.path} ${x.key}: ${x.message}`),
      );
      // The text-level readers (the workbench, MT's check) are the same function.
      const syntaxes = format.placeholders?.(format.parse(pair.source, { fileName: pair.sourcePath })[0]!);
      const text = placeholderIssues([`Total ${sample.placeholder} today`], ['Heute insgesamt'], {
        syntaxes,
      });
      expect(text.map((i) => i.message)).toEqual(qa.map((x) => x.message));
    });
  }

  it('the workbench reads plural forms as QA does', () => {
    const source = { one: '%d file by {user}', other: '%d files by {user}' };
    const issues = workbenchIssues(source.other, source, null, { one: 'eine Datei', other: '%d Dateien' });
    expect(issues.map((i) => `${i.rule}: ${i.message}`)).toEqual([
      'placeholder-missing: missing placeholder {user}',
    ]);
  });
});
