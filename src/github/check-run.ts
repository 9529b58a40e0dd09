import type { Finding } from '../qa/types.ts';
import type { GateReport } from '../ship/figures.ts';
import type { GitHub } from './client.ts';
import { gatesSection } from './gates-section.ts';
import { cell } from './markdown-cell.ts';

/**
 * One localization QA finding (the shape `svc-connector qa --format json` prints): `path` is
 * relative to the repository root, `line` and `column` 1-based in the target file.
 */
/** A localization QA finding (`svc-connector qa`'s shape); the check run's annotations. */
export type QaFinding = Finding;

/** The check's name: one per head, so a rerun on the same head replaces what GitHub shows. */
export const QA_CHECK_NAME = 'svc-connector / l10n QA';
/** GitHub: "The Checks API limits the number of annotations to a maximum of 50 per API request." */
export const ANNOTATIONS_PER_REQUEST = 50;
/** GitHub caps a check's summary and an annotation's message at 64 KB; ours stay well under. */
const MAX_TEXT = 60_000;

export type QaConclusion = 'success' | 'neutral' | 'failure';

export interface QaCheckRequest {
  owner: string;
  repo: string;
  /** The pull request's head commit. */
  headSha: string;
  findings: readonly QaFinding[];
  /** Default QA_CHECK_NAME. */
  name?: string;
  /** A page about this run (the job in the workbench, the workflow run). */
  detailsUrl?: string | undefined;
  /** Each language's gate (issue 37): shipped or held back, with its figures, after the QA summary. */
  gates?: readonly GateReport[];
}

export interface QaCheckRun {
  id: number;
  url: string;
  conclusion: QaConclusion;
  /** Findings sent as annotations: the first ANNOTATIONS_PER_REQUEST, errors first. */
  annotated: number;
}

const LEVEL = { error: 'failure', warning: 'warning', notice: 'notice' } as const;

/** `failure` on any error, `neutral` on warnings only, `success` otherwise (notices do not count). */
export function qaConclusion(findings: readonly QaFinding[]): QaConclusion {
  if (findings.some((f) => f.severity === 'error')) return 'failure';
  if (findings.some((f) => f.severity === 'warning')) return 'neutral';
  return 'success';
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The check's title: the counts by severity, or that nothing was found. */
export function qaTitle(findings: readonly QaFinding[]): string {
  if (findings.length === 0) return 'No localization problems';
  const count = (s: QaFinding['severity']) => findings.filter((f) => f.severity === s).length;
  const parts = [
    count('error') && plural(count('error'), 'error'),
    count('warning') && plural(count('warning'), 'warning'),
    count('notice') && plural(count('notice'), 'notice'),
  ].filter(Boolean);
  return parts.join(', ');
}

/** Markdown: the counts per language and rule, for the check's summary and the PR body. */
export function qaSummary(findings: readonly QaFinding[]): string {
  if (findings.length === 0) return 'The translations pass every localization check.';
  const rows = new Map<
    string,
    { lang: string; rule: string; error: number; warning: number; notice: number }
  >();
  for (const f of findings) {
    const key = `${f.lang}\u0000${f.rule}`;
    const row = rows.get(key) ?? { lang: f.lang, rule: f.rule, error: 0, warning: 0, notice: 0 };
    row[f.severity] += 1;
    rows.set(key, row);
  }
  const sorted = [...rows.values()].sort(
    (a, b) => a.lang.localeCompare(b.lang) || a.rule.localeCompare(b.rule),
  );
  return [
    `${qaTitle(findings)} in ${plural(new Set(findings.map((f) => `${f.path}\u0000${f.key}`)).size, 'string')}.`,
    '',
    '| Language | Rule | Errors | Warnings | Notices |',
    '|---|---|---:|---:|---:|',
    ...sorted.map(
      (r) => `| ${cell(r.lang)} | \`${cell(r.rule)}\` | ${r.error} | ${r.warning} | ${r.notice} |`,
    ),
  ]
    .join('\n')
    .slice(0, MAX_TEXT);
}

/** One finding as a check annotation on its line (a line below 1 annotates the file's first line). */
function annotationOf(f: QaFinding) {
  const line = Math.max(1, Math.trunc(f.line) || 1);
  const column = Math.trunc(f.column);
  return {
    path: f.path,
    start_line: line,
    end_line: line,
    ...(column >= 1 ? { start_column: column, end_column: column } : {}),
    annotation_level: LEVEL[f.severity],
    title: `${f.rule} (${f.lang})`.slice(0, 255),
    message: f.message.slice(0, MAX_TEXT),
    raw_details: `key: ${f.key}`.slice(0, MAX_TEXT),
  };
}

const RANK = { error: 0, warning: 1, notice: 2 } as const;

/**
 * Creates the QA check run on a pull request's head, complete with its conclusion, in one request
 * whatever the number of findings (DESIGN §11: a pull request costs a fixed number of calls). It
 * carries the first 50 annotations GitHub takes in a request — errors first, then warnings, then
 * notices (GitHub Actions itself shows at most 50 annotations of a job) — and its summary counts
 * every finding by language and rule; `svc-connector qa` lists each one.
 */
export async function createQaCheckRun(gh: GitHub, r: QaCheckRequest): Promise<QaCheckRun> {
  const { owner, repo } = r;
  const ranked = [...r.findings].sort((a, b) => RANK[a.severity] - RANK[b.severity]);
  const annotations = ranked.slice(0, ANNOTATIONS_PER_REQUEST).map(annotationOf);
  const conclusion = qaConclusion(r.findings);
  const left = r.findings.length - annotations.length;
  const summary = r.gates?.length
    ? `${qaSummary(r.findings)}\n\n${gatesSection(r.gates).join('\n')}`
    : qaSummary(r.findings);
  const output = {
    title: qaTitle(r.findings),
    summary:
      left > 0
        ? `${summary}\n\nThe first ${annotations.length} findings are annotated on their lines; \`svc-connector qa\` lists all ${r.findings.length}.`.slice(
            0,
            MAX_TEXT,
          )
        : summary,
  };
  const created = await gh.rest.checks.create({
    owner,
    repo,
    name: r.name ?? QA_CHECK_NAME,
    head_sha: r.headSha,
    ...(r.detailsUrl ? { details_url: r.detailsUrl } : {}),
    conclusion,
    completed_at: new Date().toISOString(),
    output: { ...output, annotations },
  });
  return {
    id: created.data.id,
    url: created.data.html_url ?? created.data.url,
    conclusion,
    annotated: annotations.length,
  };
}

/**
 * A failing QA check saying the base cannot be merged into the l10n branch without a person:
 * a required check keeps the stale pull request from merging until someone resolves it.
 */
export async function createConflictCheckRun(
  gh: GitHub,
  r: { owner: string; repo: string; headSha: string; base: string; branch: string; name?: string },
): Promise<QaCheckRun> {
  const created = await gh.rest.checks.create({
    owner: r.owner,
    repo: r.repo,
    name: r.name ?? QA_CHECK_NAME,
    head_sha: r.headSha,
    conclusion: 'failure',
    completed_at: new Date().toISOString(),
    output: {
      title: `${r.base} cannot be merged into ${r.branch}`,
      summary: conflictText(r.base, r.branch),
    },
  });
  return {
    id: created.data.id,
    url: created.data.html_url ?? created.data.url,
    conclusion: 'failure',
    annotated: 0,
  };
}

/** What a person does about a conflict: said in the check and in the pull request's comment. */
export function conflictText(base: string, branch: string): string {
  return [
    `\`${base}\` moved on and conflicts with commits on \`${branch}\`, so the new translations were not committed (they would have gone onto a stale base).`,
    '',
    `Merge \`${base}\` into \`${branch}\` and resolve the conflicts (\`git switch ${branch} && git merge ${base}\`), then push: the next run writes the translations on top, without force-pushing.`,
  ].join('\n');
}
