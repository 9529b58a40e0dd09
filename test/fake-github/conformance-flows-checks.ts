/**
 * The checks and merges part of the conformance flows: annotations sent in batches of at most
 * 50 (51 refused), listed back; a branch merged into another (201, 204, 404, 409). Run by
 * conformance-flows.ts on its double.
 */
import type { Octokit } from '@octokit/rest';
import { expect } from 'vitest';
import type { FakeGitHub } from '../support/fake-github/index.ts';

const repo = { owner: 'acme', repo: 'app' };

async function refused(call: Promise<unknown>): Promise<number> {
  try {
    await call;
  } catch (error) {
    return (error as { status: number }).status;
  }
  throw new Error('the call succeeded where a refusal was expected');
}

const note = (n: number) => ({
  path: 'locales/de/app.json',
  start_line: n,
  end_line: n,
  start_column: 3,
  end_column: 9,
  annotation_level: 'failure' as const,
  message: `problem ${n}`,
  title: 'placeholder',
});

/** `bot` holds an installation token (check runs are for GitHub Apps); `user` a personal one. */
export async function driveChecksAndMerges(
  gh: FakeGitHub,
  bot: Octokit,
  user: Octokit,
  headSha: string,
): Promise<void> {
  const output = { title: 'QA', summary: '51 problems' };
  const run = await bot.rest.checks.create({
    ...repo,
    name: 'svc-connector / l10n QA',
    head_sha: headSha,
    status: 'in_progress',
    output: { ...output, annotations: Array.from({ length: 50 }, (_, i) => note(i + 1)) },
  });
  const tooMany = Array.from({ length: 51 }, (_, i) => note(i + 1));
  expect(
    await refused(
      bot.rest.checks.update({
        ...repo,
        check_run_id: run.data.id,
        output: { ...output, annotations: tooMany },
      }),
    ),
  ).toBe(422);
  expect(
    await refused(
      bot.rest.checks.create({
        ...repo,
        name: 'x',
        head_sha: headSha,
        output: { ...output, annotations: tooMany },
      }),
    ),
  ).toBe(422);
  await bot.rest.checks.update({
    ...repo,
    check_run_id: run.data.id,
    conclusion: 'failure',
    output: {
      ...output,
      annotations: [{ ...note(51), start_column: undefined, end_column: undefined, end_line: 52 }],
    },
  });
  expect(await refused(user.rest.checks.create({ ...repo, name: 'x', head_sha: headSha }))).toBe(403);
  const listed = await bot.paginate(bot.rest.checks.listAnnotations, {
    ...repo,
    check_run_id: run.data.id,
    per_page: 100,
  });
  expect(listed).toHaveLength(51);
  await bot.rest.checks.listAnnotations({ ...repo, check_run_id: run.data.id });
  expect(await refused(bot.rest.checks.listAnnotations({ ...repo, check_run_id: 1 }))).toBe(404);
  expect(
    (await bot.rest.checks.get({ ...repo, check_run_id: run.data.id })).data.output.annotations_count,
  ).toBe(51);

  // --- merges: main moves on, then is merged into a branch that left it earlier
  await user.rest.git.createRef({ ...repo, ref: 'refs/heads/side', sha: headSha });
  await gh.commitAs('acme', 'app', 'main', { 'src/main.ts': 'main\n' }, 'Work on main');
  const merged = await user.rest.repos.merge({ ...repo, base: 'side', head: 'main' });
  expect(merged.status).toBe(201);
  expect(merged.data.parents).toHaveLength(2);
  const again = await user.rest.repos.merge({ ...repo, base: 'side', head: 'main' });
  expect(again.status).toBe(204);
  expect(await refused(user.rest.repos.merge({ ...repo, base: 'nope', head: 'main' }))).toBe(404);
  expect(await refused(user.rest.repos.merge({ ...repo, base: 'side', head: 'nope' }))).toBe(404);
  await gh.commitAs('acme', 'app', 'main', { 'src/clash.ts': 'main\n' }, 'One side');
  await gh.commitAs('acme', 'app', 'side', { 'src/clash.ts': 'side\n' }, 'Other side');
  expect(await refused(user.rest.repos.merge({ ...repo, base: 'side', head: 'main' }))).toBe(409);
  expect(await refused(user.rest.repos.merge({ ...repo, base: 'side' } as never))).toBe(422);
}
