import { conflictText, createConflictCheckRun } from './check-run.ts';
import type { GitHub } from './client.ts';
import { githubStatus } from './github-status.ts';

const MARK = '<!-- svc-connector:merge-conflict -->';

export interface ConflictReport {
  commentUrl: string;
  /** The failing check's id; undefined when the token may not write checks (a personal token). */
  checkId: number | undefined;
}

/**
 * Says on the pull request that the base cannot be merged into the l10n branch: one comment
 * (updated on later runs, not repeated) and a failing `svc-connector / l10n QA` check on the
 * branch's head, so the stale pull request does not merge green.
 */
export async function reportConflict(
  gh: GitHub,
  r: { owner: string; repo: string; number: number; base: string; branch: string; headSha: string },
): Promise<ConflictReport> {
  const { owner, repo } = r;
  const body = `${MARK}\n### ⚠️ Merge conflict\n\n${conflictText(r.base, r.branch)}\n\nBranch head: ${r.headSha}`;
  const comments = await gh.paginate(gh.rest.issues.listComments, {
    owner,
    repo,
    issue_number: r.number,
    per_page: 100,
  });
  const earlier = comments.find((c) => c.body?.startsWith(MARK));
  const comment = earlier
    ? earlier.body === body
      ? earlier
      : (await gh.rest.issues.updateComment({ owner, repo, comment_id: earlier.id, body })).data
    : (await gh.rest.issues.createComment({ owner, repo, issue_number: r.number, body })).data;
  let checkId: number | undefined;
  try {
    checkId = (await createConflictCheckRun(gh, r)).id;
  } catch (error) {
    // Check runs are for GitHub Apps: a personal token gets 403, and the comment still says it.
    if (githubStatus(error) !== 403) throw error;
  }
  return { commentUrl: comment.html_url, checkId };
}
