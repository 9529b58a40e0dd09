/**
 * Issue endpoints as they apply to pull requests (their numbers share one sequence): the issue
 * view, labels, assignees and comments. Plain issues are not modelled.
 */
import { HttpError, invalidField, notFound } from './http-error.ts';
import { pageReply, requiredString, stringList } from './input.ts';
import { findPull } from './pulls.ts';
import type { Ctx, Route } from './router.ts';
import { comment, issueOfPull, labelsOf } from './shapes-issues.ts';
import type { CommentState, PullState } from './state.ts';

const DOC = 'https://docs.github.com/rest/issues';

/** The label names of a body: `{labels: [...]}` or a bare array, of names or `{name}` objects. */
function labelNames(ctx: Ctx): string[] {
  const raw: unknown = Array.isArray(ctx.body) ? ctx.body : ctx.body.labels;
  const names = stringList(raw, 'labels', 'Label');
  if (names.some((n) => n.trim() === '')) throw invalidField('Label', 'name', true);
  return names;
}

/** Adds names to the pull request, creating repository labels that do not exist yet. */
function addLabels(ctx: Ctx, pr: PullState, names: string[]): void {
  for (const name of names) {
    const key = name.toLowerCase();
    if (!ctx.repo.labels.has(key)) {
      ctx.repo.labels.set(key, { id: ctx.fake.nextId(), name, color: 'ededed', description: null });
    }
    const canonical = ctx.repo.labels.get(key)?.name ?? name;
    if (!pr.labels.some((l) => l.toLowerCase() === key)) pr.labels.push(canonical);
  }
  pr.updatedAt = ctx.fake.now();
}

const labelsReply = (ctx: Ctx, pr: PullState) => ({ body: labelsOf(ctx.fake, ctx.repo, pr.labels) });

function findComment(ctx: Ctx): CommentState {
  const found = ctx.repo.comments.find((c) => c.id === Number(ctx.params.id));
  if (!found) throw notFound();
  return found;
}

export const issueRoutes: Route[] = [
  {
    method: 'GET',
    path: '/repos/:owner/:repo/issues/:number',
    doc: `${DOC}/issues#get-an-issue`,
    handler: async (ctx) => ({
      body: issueOfPull(ctx.fake, ctx.repo, findPull(ctx.repo, ctx.params.number)),
    }),
  },
  {
    method: 'PATCH',
    path: '/repos/:owner/:repo/issues/:number',
    doc: `${DOC}/issues#update-an-issue`,
    handler: async (ctx) => {
      const pr = findPull(ctx.repo, ctx.params.number);
      const b = ctx.body;
      if (b.title !== undefined) pr.title = requiredString(b, 'title', 'Issue');
      if (b.body !== undefined) pr.body = b.body === null ? null : requiredString(b, 'body', 'Issue');
      if (b.state !== undefined) {
        if (b.state !== 'open' && b.state !== 'closed') throw invalidField('Issue', 'state');
        pr.state = b.state;
        pr.closedAt = b.state === 'closed' ? ctx.fake.now() : null;
      }
      // labels and assignees given here replace the issue's (GitHub's "Update an issue").
      if (b.labels !== undefined) {
        pr.labels = [];
        addLabels(ctx, pr, labelNames(ctx));
      }
      if (b.assignees !== undefined) pr.assignees = [...stringList(b.assignees, 'assignees', 'Issue')];
      pr.updatedAt = ctx.fake.now();
      return { body: issueOfPull(ctx.fake, ctx.repo, pr) };
    },
  },
  {
    method: 'GET',
    path: '/repos/:owner/:repo/issues/:number/labels',
    doc: `${DOC}/labels#list-labels-for-an-issue`,
    handler: async (ctx) => {
      const pr = findPull(ctx.repo, ctx.params.number);
      const path = `/repos/${ctx.repo.owner.login}/${ctx.repo.name}/issues/${pr.number}/labels`;
      return pageReply(ctx, path, labelsOf(ctx.fake, ctx.repo, pr.labels), (l) => l);
    },
  },
  {
    method: 'POST',
    path: '/repos/:owner/:repo/issues/:number/labels',
    doc: `${DOC}/labels#add-labels-to-an-issue`,
    handler: async (ctx) => {
      const pr = findPull(ctx.repo, ctx.params.number);
      addLabels(ctx, pr, labelNames(ctx));
      return labelsReply(ctx, pr);
    },
  },
  {
    method: 'PUT',
    path: '/repos/:owner/:repo/issues/:number/labels',
    doc: `${DOC}/labels#set-labels-for-an-issue`,
    handler: async (ctx) => {
      const pr = findPull(ctx.repo, ctx.params.number);
      const names = labelNames(ctx);
      pr.labels = [];
      addLabels(ctx, pr, names);
      return labelsReply(ctx, pr);
    },
  },
  {
    method: 'DELETE',
    path: '/repos/:owner/:repo/issues/:number/labels/:name',
    doc: `${DOC}/labels#remove-a-label-from-an-issue`,
    handler: async (ctx) => {
      const pr = findPull(ctx.repo, ctx.params.number);
      const key = (ctx.params.name ?? '').toLowerCase();
      if (!pr.labels.some((l) => l.toLowerCase() === key)) throw new HttpError(404, 'Label does not exist');
      pr.labels = pr.labels.filter((l) => l.toLowerCase() !== key);
      pr.updatedAt = ctx.fake.now();
      return labelsReply(ctx, pr);
    },
  },
  {
    method: 'POST',
    path: '/repos/:owner/:repo/issues/:number/assignees',
    doc: `${DOC}/assignees#add-assignees-to-an-issue`,
    handler: async (ctx) => {
      const pr = findPull(ctx.repo, ctx.params.number);
      for (const login of stringList(ctx.body.assignees, 'assignees', 'Issue')) {
        if (!pr.assignees.some((a) => a.toLowerCase() === login.toLowerCase())) pr.assignees.push(login);
      }
      pr.updatedAt = ctx.fake.now();
      return { status: 201, body: issueOfPull(ctx.fake, ctx.repo, pr) };
    },
  },
  {
    method: 'GET',
    path: '/repos/:owner/:repo/issues/:number/comments',
    doc: `${DOC}/comments#list-issue-comments`,
    handler: async (ctx) => {
      const pr = findPull(ctx.repo, ctx.params.number);
      const comments = ctx.repo.comments.filter((c) => c.issue === pr.number);
      const path = `/repos/${ctx.repo.owner.login}/${ctx.repo.name}/issues/${pr.number}/comments`;
      return pageReply(ctx, path, comments, (c) => comment(ctx.fake, ctx.repo, c));
    },
  },
  {
    method: 'POST',
    path: '/repos/:owner/:repo/issues/:number/comments',
    doc: `${DOC}/comments#create-an-issue-comment`,
    handler: async (ctx) => {
      const pr = findPull(ctx.repo, ctx.params.number);
      const body = requiredString(ctx.body, 'body', 'IssueComment');
      const now = ctx.fake.now();
      const created: CommentState = {
        id: ctx.fake.nextId(),
        issue: pr.number,
        body,
        user: ctx.principal.actor,
        createdAt: now,
        updatedAt: now,
      };
      ctx.repo.comments.push(created);
      const shape = comment(ctx.fake, ctx.repo, created);
      return { status: 201, body: shape, headers: { location: shape.url } };
    },
  },
  {
    method: 'GET',
    path: '/repos/:owner/:repo/issues/comments/:id',
    doc: `${DOC}/comments#get-an-issue-comment`,
    handler: async (ctx) => ({ body: comment(ctx.fake, ctx.repo, findComment(ctx)) }),
  },
  {
    method: 'PATCH',
    path: '/repos/:owner/:repo/issues/comments/:id',
    doc: `${DOC}/comments#update-an-issue-comment`,
    handler: async (ctx) => {
      const found = findComment(ctx);
      found.body = requiredString(ctx.body, 'body', 'IssueComment');
      found.updatedAt = ctx.fake.now();
      return { body: comment(ctx.fake, ctx.repo, found) };
    },
  },
];
