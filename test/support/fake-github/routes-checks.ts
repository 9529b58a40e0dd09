/** Check runs: create, update, get, list for a commit, and their annotations. */
import { readAnnotations } from './annotations.ts';
import { HttpError, invalidField, notFound, validationFailed } from './http-error.ts';
import { optionalString, pageReply, paginate, requiredString } from './input.ts';
import type { Ctx, Route } from './router.ts';
import { annotation, checkRun } from './shapes-issues.ts';
import type { CheckRunState } from './state.ts';

const DOC = 'https://docs.github.com/rest/checks/runs';
const STATUSES = ['queued', 'in_progress', 'completed'];
const CONCLUSIONS = [
  'action_required',
  'cancelled',
  'failure',
  'neutral',
  'success',
  'skipped',
  'stale',
  'timed_out',
];

const noCommit = (ref: string) => new HttpError(422, `No commit found for SHA: ${ref}`);

/**
 * GitHub's docs: "OAuth apps and personal access tokens (classic) cannot use this endpoint" —
 * check runs are written by GitHub Apps (an installation token, GITHUB_TOKEN included).
 */
function appsOnly(ctx: Ctx): void {
  if (ctx.principal.kind !== 'installation')
    throw new HttpError(403, 'You must authenticate via a GitHub App.');
}

function time(ctx: Ctx, field: string): number | undefined {
  const text = optionalString(ctx.body, field, 'CheckRun');
  if (text === undefined) return undefined;
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) throw invalidField('CheckRun', field);
  return ms;
}

/** Applies the writable fields of a create or update body onto `run`. */
function apply(ctx: Ctx, run: CheckRunState): void {
  run.name = optionalString(ctx.body, 'name', 'CheckRun') ?? run.name;
  run.detailsUrl = optionalString(ctx.body, 'details_url', 'CheckRun') ?? run.detailsUrl;
  run.externalId = optionalString(ctx.body, 'external_id', 'CheckRun') ?? run.externalId;
  run.startedAt = time(ctx, 'started_at') ?? run.startedAt;
  const conclusion = optionalString(ctx.body, 'conclusion', 'CheckRun');
  let status = optionalString(ctx.body, 'status', 'CheckRun');
  if (status !== undefined && !STATUSES.includes(status)) throw invalidField('CheckRun', 'status');
  if (conclusion !== undefined && !CONCLUSIONS.includes(conclusion))
    throw invalidField('CheckRun', 'conclusion');
  // GitHub: "Providing conclusion will automatically set the status parameter to completed."
  if (conclusion !== undefined) status = 'completed';
  if (status === 'completed' && conclusion === undefined && run.conclusion === null) {
    throw validationFailed({ resource: 'CheckRun', field: 'conclusion', code: 'missing_field' });
  }
  if (status !== undefined) run.status = status;
  if (conclusion !== undefined) run.conclusion = conclusion;
  if (run.status === 'completed')
    run.completedAt = time(ctx, 'completed_at') ?? run.completedAt ?? ctx.fake.now();
  const output = ctx.body.output;
  if (output !== undefined) {
    if (!output || typeof output !== 'object') throw invalidField('CheckRun', 'output');
    const o = output as Record<string, unknown>;
    const batch = readAnnotations(o.annotations);
    run.output = {
      title: requiredString(o, 'title', 'CheckRun'),
      summary: requiredString(o, 'summary', 'CheckRun'),
      text: optionalString(o, 'text', 'CheckRun') ?? null,
    };
    // Each create or update appends its batch to the annotations the run already has.
    run.annotations.push(...batch);
  }
}

function findRun(ctx: Ctx): CheckRunState {
  const run = ctx.repo.checkRuns.find((r) => r.id === Number(ctx.params.id));
  if (!run) throw notFound();
  return run;
}

export const checkRoutes: Route[] = [
  {
    method: 'POST',
    path: '/repos/:owner/:repo/check-runs',
    doc: `${DOC}#create-a-check-run`,
    handler: async (ctx) => {
      appsOnly(ctx);
      const name = requiredString(ctx.body, 'name', 'CheckRun');
      const headSha = requiredString(ctx.body, 'head_sha', 'CheckRun').toLowerCase();
      if ((await ctx.repo.git.typeOf(headSha)) !== 'commit') throw noCommit(headSha);
      const run: CheckRunState = {
        id: ctx.fake.nextId(),
        name,
        headSha,
        status: 'queued',
        conclusion: null,
        startedAt: ctx.fake.now(),
        completedAt: null,
        detailsUrl: null,
        externalId: null,
        output: { title: null, summary: null, text: null },
        annotations: [],
      };
      apply(ctx, run);
      ctx.repo.checkRuns.push(run);
      return { status: 201, body: checkRun(ctx.fake, ctx.repo, run) };
    },
  },
  {
    method: 'PATCH',
    path: '/repos/:owner/:repo/check-runs/:id',
    doc: `${DOC}#update-a-check-run`,
    handler: async (ctx) => {
      appsOnly(ctx);
      const run = findRun(ctx);
      apply(ctx, run);
      return { body: checkRun(ctx.fake, ctx.repo, run) };
    },
  },
  {
    method: 'GET',
    path: '/repos/:owner/:repo/check-runs/:id',
    doc: `${DOC}#get-a-check-run`,
    handler: async (ctx) => ({ body: checkRun(ctx.fake, ctx.repo, findRun(ctx)) }),
  },
  {
    method: 'GET',
    path: '/repos/:owner/:repo/check-runs/:id/annotations',
    doc: `${DOC}#list-check-run-annotations`,
    handler: async (ctx) => {
      const run = findRun(ctx);
      const path = `/repos/${ctx.repo.owner.login}/${ctx.repo.name}/check-runs/${run.id}/annotations`;
      return pageReply(ctx, path, run.annotations, (a) => annotation(ctx.fake, ctx.repo, run, a));
    },
  },
  {
    method: 'GET',
    path: '/repos/:owner/:repo/commits/*ref/check-runs',
    doc: `${DOC}#list-check-runs-for-a-git-reference`,
    handler: async (ctx) => {
      const ref = ctx.params.ref ?? '';
      const sha = await ctx.repo.git.resolve(`${ref}^{commit}`);
      if (!sha) throw noCommit(ref);
      const name = ctx.query.get('check_name');
      const status = ctx.query.get('status');
      let runs = ctx.repo.checkRuns
        .filter((r) => r.headSha === sha && (!name || r.name === name) && (!status || r.status === status))
        .reverse();
      // filter=latest (the default) keeps the most recent run of each name.
      if (ctx.query.get('filter') !== 'all')
        runs = runs.filter((r, i) => runs.findIndex((x) => x.name === r.name) === i);
      const path = `/repos/${ctx.repo.owner.login}/${ctx.repo.name}/commits/${encodeURIComponent(ref)}/check-runs`;
      const { page, headers } = paginate(ctx, path, runs);
      return {
        body: { total_count: runs.length, check_runs: page.map((r) => checkRun(ctx.fake, ctx.repo, r)) },
        headers,
      };
    },
  },
];
