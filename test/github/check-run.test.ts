import { Octokit } from '@octokit/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createConflictCheckRun,
  createQaCheckRun,
  type QaFinding,
  qaConclusion,
  qaSummary,
} from '../../src/github/check-run.ts';
import { installationClient } from '../fake-github/client.ts';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github/index.ts';

let gh: FakeGitHub;
let app: Octokit;
let head: string;
const repo = { owner: 'acme', repo: 'app' };

const finding = (line: number, severity: QaFinding['severity'] = 'error', lang = 'de'): QaFinding => ({
  path: `locales/${lang}/app.json`,
  line,
  column: 14,
  key: `k${line}`,
  lang,
  rule: 'placeholder-missing',
  severity,
  message: `{name} is missing (line ${line})`,
});

beforeAll(async () => {
  gh = await startFakeGitHub({ repos: [{ owner: 'acme', name: 'app', files: { 'a.json': '{}\n' } }] });
  app = installationClient(gh);
  head = (
    await new Octokit({ auth: gh.token, baseUrl: gh.url }).rest.repos.getBranch({ ...repo, branch: 'main' })
  ).data.commit.sha;
});
afterAll(() => gh.close());

describe('createQaCheckRun', () => {
  it('says after the QA summary which languages ship and which are held back, with their figures (issue 37)', async () => {
    const gate = { minReviewed: { enter: 90, leave: 80 } };
    const run = await createQaCheckRun(app, {
      ...repo,
      headSha: head,
      findings: [],
      gates: [
        {
          lang: 'de',
          group: '',
          gate,
          figures: { units: 20, translated: 20, reviewed: 19, qaErrors: 0 },
          was: true,
          ship: true,
          missing: [],
        },
        {
          lang: 'fr',
          group: '',
          gate,
          figures: { units: 20, translated: 20, reviewed: 0, qaErrors: 0 },
          was: false,
          ship: false,
          missing: ['18 units left to review'],
        },
      ],
    });
    const stored = gh.checkRuns('acme', 'app').find((r) => r.id === run.id)!;
    expect(stored.output.summary).toContain(
      '| fr | all | **held back** | 100 % translated, 0 % reviewed (gate 90) | 18 units left to review |',
    );
    expect(stored.output.summary).toContain(
      '| de | all | shipped | 100 % translated, 95 % reviewed (gate 80) | — |',
    );
  });

  it('annotates each finding on its line and column, with its level, and fails on an error', async () => {
    const run = await createQaCheckRun(app, {
      ...repo,
      headSha: head,
      findings: [finding(3), finding(7, 'warning'), finding(9, 'notice')],
      detailsUrl: 'https://platform.example.com/workbench/jobs/4',
    });
    expect(run.conclusion).toBe('failure');
    const stored = gh.checkRuns('acme', 'app').find((r) => r.id === run.id)!;
    expect(stored).toMatchObject({
      name: 'svc-connector / l10n QA',
      headSha: head,
      status: 'completed',
      conclusion: 'failure',
      detailsUrl: 'https://platform.example.com/workbench/jobs/4',
      output: { title: '1 error, 1 warning, 1 notice' },
    });
    expect(stored.annotations.map((a) => [a.startLine, a.startColumn, a.level])).toEqual([
      [3, 14, 'failure'],
      [7, 14, 'warning'],
      [9, 14, 'notice'],
    ]);
    expect(stored.annotations[0]).toMatchObject({
      path: 'locales/de/app.json',
      message: '{name} is missing (line 3)',
      title: 'placeholder-missing (de)',
    });
  });

  it('sends 120 findings in one request: the first 50 annotated, errors first, and the summary counts all 120', async () => {
    const before = gh.calls.length;
    const findings = Array.from({ length: 120 }, (_, i) => finding(i + 1, i >= 100 ? 'error' : 'warning'));
    const run = await createQaCheckRun(app, { ...repo, headSha: head, findings });
    const calls = gh.calls.slice(before).filter((c) => c.path.includes('/check-runs'));
    expect(calls.map((c) => `${c.method} ${c.status}`)).toEqual(['POST 201']);
    expect(run).toMatchObject({ conclusion: 'failure', annotated: 50 });
    const stored = gh.checkRuns('acme', 'app').find((r) => r.id === run.id)!;
    expect(stored.annotations.map((a) => a.startLine)).toEqual([
      ...findings.slice(100).map((f) => f.line),
      ...findings.slice(0, 30).map((f) => f.line),
    ]);
    expect(stored).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(stored.output?.summary).toContain('20 errors, 100 warnings');
    expect(stored.output?.summary).toContain('`svc-connector qa` lists all 120');
  });

  it('passes with no findings, in one request', async () => {
    const run = await createQaCheckRun(app, { ...repo, headSha: head, findings: [] });
    expect(run).toMatchObject({ conclusion: 'success', annotated: 0 });
    expect(gh.checkRuns('acme', 'app').find((r) => r.id === run.id)?.output.title).toBe(
      'No localization problems',
    );
  });

  it('reports a merge conflict as a failing check', async () => {
    const run = await createConflictCheckRun(app, {
      ...repo,
      headSha: head,
      base: 'main',
      branch: 'svc-l10n/main',
    });
    const stored = gh.checkRuns('acme', 'app').find((r) => r.id === run.id)!;
    expect(stored).toMatchObject({
      conclusion: 'failure',
      output: { title: 'main cannot be merged into svc-l10n/main' },
    });
  });
});

describe('the QA verdict', () => {
  it('is failure on any error, neutral on warnings only, success on notices or nothing', () => {
    expect(qaConclusion([finding(1, 'notice'), finding(2, 'warning'), finding(3)])).toBe('failure');
    expect(qaConclusion([finding(1, 'notice'), finding(2, 'warning')])).toBe('neutral');
    expect(qaConclusion([finding(1, 'notice')])).toBe('success');
    expect(qaConclusion([])).toBe('success');
  });

  it('sums findings per language and rule', () => {
    const text = qaSummary([finding(1), finding(2), finding(3, 'warning', 'fr')]);
    expect(text).toContain('2 errors, 1 warning in 3 strings.');
    expect(text).toContain('| de | `placeholder-missing` | 2 | 0 | 0 |');
    expect(text).toContain('| fr | `placeholder-missing` | 0 | 1 | 0 |');
  });
});
