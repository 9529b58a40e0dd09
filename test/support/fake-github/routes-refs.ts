/** References: get, list by prefix, create, move (fast-forward unless forced) and delete. */
import { ZERO_SHA } from './git.ts';
import { HttpError, notFound } from './http-error.ts';
import { optionalBoolean, requiredString, shaField } from './input.ts';
import { followPush } from './pulls.ts';
import type { Ctx, Route } from './router.ts';
import { gitRef } from './shapes.ts';

const DOC = 'https://docs.github.com/rest/git/refs';

async function current(ctx: Ctx, ref: string) {
  return (await ctx.repo.git.refs(ref)).find((r) => r.ref === ref);
}

/** `heads/main` from the URL; a leading `refs/` is tolerated as GitHub does. */
const fullRef = (ctx: Ctx): string => {
  const ref = ctx.params.ref ?? '';
  return ref.startsWith('refs/') ? ref : `refs/${ref}`;
};

function pushed(ctx: Ctx, ref: string, sha: string): void {
  if (ref.startsWith('refs/heads/'))
    followPush(ctx.repo, ref.slice('refs/heads/'.length), sha, ctx.fake.now());
}

async function validName(ctx: Ctx, ref: string): Promise<boolean> {
  try {
    await ctx.repo.git.run(['check-ref-format', ref]);
    return true;
  } catch {
    return false;
  }
}

export const refRoutes: Route[] = [
  {
    method: 'GET',
    path: '/repos/:owner/:repo/git/ref/*ref',
    doc: `${DOC}#get-a-reference`,
    handler: async (ctx) => {
      const found = await current(ctx, fullRef(ctx));
      if (!found) throw notFound();
      return { body: gitRef(ctx.fake, ctx.repo, found.ref, found.sha, found.type) };
    },
  },
  {
    method: 'GET',
    path: '/repos/:owner/:repo/git/matching-refs/*ref',
    doc: `${DOC}#list-matching-references`,
    handler: async (ctx) => {
      const refs = await ctx.repo.git.refs(fullRef(ctx));
      return { body: refs.map((r) => gitRef(ctx.fake, ctx.repo, r.ref, r.sha, r.type)) };
    },
  },
  {
    method: 'POST',
    path: '/repos/:owner/:repo/git/refs',
    doc: `${DOC}#create-a-reference`,
    handler: async (ctx) => {
      const ref = requiredString(ctx.body, 'ref', 'Reference');
      const sha = shaField(ctx.body, 'sha', 'Reference');
      if (!ref.startsWith('refs/') || ref.split('/').length < 3) {
        throw new HttpError(422, "Reference name must start with 'refs/' and have at least two slashes.");
      }
      if (!(await validName(ctx, ref))) throw new HttpError(422, `${ref} is not a valid ref name.`);
      const type = await ctx.repo.git.typeOf(sha);
      if (!type || (ref.startsWith('refs/heads/') && type !== 'commit'))
        throw new HttpError(422, 'Object does not exist');
      if ((await current(ctx, ref)) || !(await ctx.repo.git.updateRef(ref, sha, ZERO_SHA))) {
        throw new HttpError(422, 'Reference already exists');
      }
      pushed(ctx, ref, sha);
      const body = gitRef(ctx.fake, ctx.repo, ref, sha, type);
      return { status: 201, body, headers: { location: body.url } };
    },
  },
  {
    method: 'PATCH',
    path: '/repos/:owner/:repo/git/refs/*ref',
    doc: `${DOC}#update-a-reference`,
    handler: async (ctx) => {
      const ref = fullRef(ctx);
      const sha = shaField(ctx.body, 'sha', 'Reference');
      const force = optionalBoolean(ctx.body, 'force', 'Reference') ?? false;
      const found = await current(ctx, ref);
      if (!found) throw new HttpError(422, 'Reference does not exist');
      const type = await ctx.repo.git.typeOf(sha);
      if (!type || (ref.startsWith('refs/heads/') && type !== 'commit'))
        throw new HttpError(422, 'Object does not exist');
      if (!force && found.sha !== sha && !(await ctx.repo.git.isAncestor(found.sha, sha))) {
        throw new HttpError(422, 'Update is not a fast forward');
      }
      // Compare-and-swap against the value just read: a push from outside the API in between
      // (a test running git on the repository) makes the update fail instead of losing it.
      if (!(await ctx.repo.git.updateRef(ref, sha, found.sha))) {
        throw new HttpError(422, 'Reference cannot be updated');
      }
      pushed(ctx, ref, sha);
      return { body: gitRef(ctx.fake, ctx.repo, ref, sha, type) };
    },
  },
  {
    method: 'DELETE',
    path: '/repos/:owner/:repo/git/refs/*ref',
    doc: `${DOC}#delete-a-reference`,
    handler: async (ctx) => {
      const ref = fullRef(ctx);
      const found = await current(ctx, ref);
      if (!found || !(await ctx.repo.git.deleteRef(ref, found.sha))) {
        throw new HttpError(422, 'Reference does not exist');
      }
      return { status: 204 };
    },
  },
];
