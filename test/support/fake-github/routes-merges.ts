/**
 * POST /repos/{owner}/{repo}/merges: merges `head` (a branch or a sha) into the branch `base`
 * with a real merge commit, as GitHub documents it: 201 with the merge commit, 204 when base
 * already contains head, 404 when base or head does not exist, 409 on a merge conflict.
 */
import { HttpError } from './http-error.ts';
import { optionalString, requiredString } from './input.ts';
import { followPush } from './pulls.ts';
import type { Route } from './router.ts';
import { identityOf } from './routes-git.ts';
import { restCommit } from './shapes.ts';

const DOC = 'https://docs.github.com/rest/branches/branches#merge-a-branch';

export const mergeRoutes: Route[] = [
  {
    method: 'POST',
    path: '/repos/:owner/:repo/merges',
    doc: DOC,
    handler: async (ctx) => {
      const base = requiredString(ctx.body, 'base', 'Merge');
      const head = requiredString(ctx.body, 'head', 'Merge');
      const message = optionalString(ctx.body, 'commit_message', 'Merge');
      const git = ctx.repo.git;
      const ref = `refs/heads/${base}`;
      const baseSha = await git.resolve(`${ref}^{commit}`);
      if (!baseSha) throw new HttpError(404, 'Base does not exist');
      const headSha =
        (await git.resolve(`refs/heads/${head}^{commit}`)) ??
        (/^[0-9a-f]{40}$/i.test(head) && (await git.typeOf(head.toLowerCase())) === 'commit'
          ? head.toLowerCase()
          : undefined);
      if (!headSha) throw new HttpError(404, 'Head does not exist');
      if (await git.isAncestor(headSha, baseSha)) return { status: 204 };
      // Unrelated histories cannot be merged either: GitHub answers those as a conflict too.
      const tree = (await git.mergeBase(baseSha, headSha)) && (await git.mergeTree(baseSha, headSha));
      if (!tree) throw new HttpError(409, 'Merge conflict');
      const me = identityOf(ctx.principal.actor, Math.floor(ctx.fake.now() / 1000));
      const sha = await git.commitTree(
        tree,
        [baseSha, headSha],
        message ?? `Merge ${head} into ${base}`,
        me,
        me,
      );
      // Compare-and-swap: a push to base in between makes GitHub's answer a conflict, not a loss.
      if (!(await git.updateRef(ref, sha, baseSha))) throw new HttpError(409, 'Merge conflict');
      followPush(ctx.repo, base, sha, ctx.fake.now());
      const commit = await git.readCommit(sha);
      if (!commit) throw new Error(`merge commit ${sha} just written cannot be read`);
      return { status: 201, body: restCommit(ctx.fake, ctx.repo, commit) };
    },
  },
];
