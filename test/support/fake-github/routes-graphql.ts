/**
 * GitHub's GraphQL API (POST /graphql), for the fields our readers ask: a repository's refs (tip
 * commit, a file at it, the open pull requests from it) and its objects by oid or `rev:path`
 * expression. Every query is parsed, validated and executed against GitHub's published schema
 * (@octokit/graphql-schema), so a field GitHub lacks is refused as GitHub refuses it and every
 * answer has the schema's shape; a field the double does not serve answers null where the schema
 * allows it and an error where it does not.
 */
import { schema as github } from '@octokit/graphql-schema';
import { buildSchema, type GraphQLError, type GraphQLSchema, graphql } from 'graphql';
import { ZERO_SHA } from './git.ts';
import { HttpError } from './http-error.ts';
import { followPush } from './pulls.ts';
import type { Ctx, Route } from './router.ts';
import { htmlBase } from './shapes.ts';
import { type FakeState, findRepo, nodeId, type PullState, type RepoState, serialize } from './state.ts';

/** GitHub answers large blobs' `text` cut short, with `isTruncated`; the limit is ours (512 KiB). */
export const BLOB_TEXT_LIMIT = 512 * 1024;

let built: GraphQLSchema | undefined;
/** GitHub's schema, built once (about 0.2 s); it is valid as GitHub serves it, so not re-validated. */
function schema(): GraphQLSchema {
  built ??= buildSchema(github.idl, { assumeValid: true, assumeValidSDL: true });
  return built;
}

/** Git's own test for binary content: a NUL byte in the first 8,000 bytes. */
const isBinary = (bytes: Buffer) => bytes.subarray(0, 8000).includes(0);

function notFound(message: string): Error {
  return Object.assign(new Error(message), { type: 'NOT_FOUND' });
}

async function objectOf(repo: RepoState, sha: string | undefined): Promise<Record<string, unknown> | null> {
  const object = sha ? await repo.git.object(sha) : undefined;
  if (!sha || !object) return null;
  if (object.type === 'blob') return blobOf(sha, object.bytes);
  if (object.type === 'commit') return commitOf(repo, sha);
  if (object.type === 'tree') return { __typename: 'Tree', oid: sha, abbreviatedOid: sha.slice(0, 7) };
  return null;
}

function blobOf(sha: string, bytes: Buffer) {
  const binary = isBinary(bytes);
  const truncated = !binary && bytes.length > BLOB_TEXT_LIMIT;
  return {
    __typename: 'Blob',
    oid: sha,
    abbreviatedOid: sha.slice(0, 7),
    byteSize: bytes.length,
    isBinary: binary,
    isTruncated: truncated,
    // Not UTF-8 (Latin-1, UTF-16 without NULs in the sample): decoded as GitHub does, lossily.
    text: binary ? null : bytes.subarray(0, truncated ? BLOB_TEXT_LIMIT : bytes.length).toString('utf8'),
  };
}

async function commitOf(repo: RepoState, sha: string) {
  const commit = await repo.git.readCommit(sha);
  if (!commit) return null;
  const date = new Date(commit.author.time * 1000).toISOString();
  return {
    __typename: 'Commit',
    oid: sha,
    abbreviatedOid: sha.slice(0, 7),
    message: commit.message,
    tree: { __typename: 'Tree', oid: commit.tree, abbreviatedOid: commit.tree.slice(0, 7) },
    parents: ({ first }: { first?: number }) => {
      const oids = commit.parents.slice(0, first ?? 100);
      return {
        totalCount: commit.parents.length,
        nodes: oids.map((oid) => ({ oid, abbreviatedOid: oid.slice(0, 7) })),
      };
    },
    author: { name: commit.author.name, email: commit.author.email, date },
    committer: { name: commit.committer.name, email: commit.committer.email, date },
    file: async ({ path }: { path: string }) => {
      const [entry] = await repo.git.lsTree(commit.tree, false, path);
      if (!entry || entry.path !== path) return null;
      return {
        name: path.slice(path.lastIndexOf('/') + 1),
        path,
        mode: Number.parseInt(entry.mode, 8),
        type: entry.type,
        oid: entry.sha,
        object: () => objectOf(repo, entry.sha),
      };
    },
  };
}

function pullOf(fake: FakeState, repo: RepoState, pr: PullState) {
  return {
    number: pr.number,
    url: `${htmlBase(fake, repo)}/pull/${pr.number}`,
    title: pr.title,
    body: pr.body ?? '',
    state: pr.state === 'open' ? 'OPEN' : 'CLOSED',
    isDraft: pr.draft,
    baseRefName: pr.base.ref,
    headRefName: pr.head.ref,
    headRefOid: pr.head.sha,
    labels: ({ first }: { first?: number }) => ({
      totalCount: pr.labels.length,
      nodes: pr.labels.slice(0, first ?? 100).map((name) => ({ name })),
    }),
  };
}

/** `refs/heads/main`, or a short name GitHub looks up as a branch, then a tag. */
async function refOf(fake: FakeState, repo: RepoState, qualifiedName: string) {
  const candidates = qualifiedName.startsWith('refs/')
    ? [qualifiedName]
    : [`refs/heads/${qualifiedName}`, `refs/tags/${qualifiedName}`];
  for (const full of candidates) {
    const found = (await repo.git.refs(full)).find((r) => r.ref === full);
    if (!found) continue;
    const prefix = full.slice(0, full.indexOf('/', 5) + 1);
    const name = full.slice(prefix.length);
    return {
      name,
      prefix,
      target: () => objectOf(repo, found.sha),
      associatedPullRequests: (args: { states?: string[]; baseRefName?: string; first?: number }) => {
        const pulls = [...repo.pulls.values()].filter(
          (p) =>
            prefix === 'refs/heads/' &&
            p.head.ref === name &&
            (!args.states || args.states.includes(p.state === 'open' ? 'OPEN' : 'CLOSED')) &&
            (args.baseRefName === undefined || p.base.ref === args.baseRefName),
        );
        return {
          totalCount: pulls.length,
          nodes: pulls.slice(0, args.first ?? 100).map((p) => pullOf(fake, repo, p)),
        };
      },
    };
  }
  return null;
}

function repositoryOf(ctx: Ctx, owner: string, name: string) {
  let repo: RepoState;
  try {
    repo = findRepo(ctx.fake, owner, name);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    throw notFound(`Could not resolve to a Repository with the name '${owner}/${name}'.`);
  }
  if (ctx.principal.repositories && !ctx.principal.repositories.has(repo.name.toLowerCase()))
    throw notFound(`Could not resolve to a Repository with the name '${owner}/${name}'.`);
  return {
    id: nodeId('R', repo.id),
    name: repo.name,
    nameWithOwner: `${repo.owner.login}/${repo.name}`,
    defaultBranchRef: () => refOf(ctx.fake, repo, `refs/heads/${repo.defaultBranch}`),
    ref: ({ qualifiedName }: { qualifiedName: string }) => refOf(ctx.fake, repo, qualifiedName),
    object: async ({ oid, expression }: { oid?: string; expression?: string }) => {
      if (oid !== undefined) return objectOf(repo, oid);
      if (expression === undefined) return null;
      return objectOf(repo, await repo.git.resolve(expression));
    },
  };
}

interface RefUpdate {
  name: string;
  afterOid: string;
  beforeOid?: string | null;
  force?: boolean | null;
}

/**
 * `updateRefs`: each ref moved to `afterOid` (zeros delete it), only from `beforeOid` when given
 * (zeros: it must not exist yet), and only fast-forward unless `force` — all or nothing, as GitHub
 * documents it, checked before any ref moves.
 */
async function updateRefs(ctx: Ctx, input: { repositoryId: string; refUpdates: RefUpdate[] }) {
  const repo = [...ctx.fake.repos.values()].find((r) => nodeId('R', r.id) === input.repositoryId);
  if (!repo || (ctx.principal.repositories && !ctx.principal.repositories.has(repo.name.toLowerCase())))
    throw notFound(`Could not resolve to a node with the global id of '${input.repositoryId}'`);
  return serialize(repo, async () => {
    const planned: { name: string; after: string; current: string }[] = [];
    for (const u of input.refUpdates) {
      const current = (await repo.git.refs(u.name)).find((r) => r.ref === u.name)?.sha ?? ZERO_SHA;
      if (u.beforeOid != null && u.beforeOid !== current)
        throw new Error(`${u.name} is at ${current}, not at the expected ${u.beforeOid}`);
      if (u.afterOid !== ZERO_SHA && (await repo.git.typeOf(u.afterOid)) !== 'commit')
        throw new Error(`${u.afterOid} is not a commit`);
      if (
        !u.force &&
        current !== ZERO_SHA &&
        u.afterOid !== ZERO_SHA &&
        !(await repo.git.isAncestor(current, u.afterOid))
      )
        throw new Error(`${u.name}: not a fast-forward update`);
      planned.push({ name: u.name, after: u.afterOid, current });
    }
    for (const p of planned) {
      const moved =
        p.after === ZERO_SHA
          ? await repo.git.deleteRef(p.name, p.current)
          : await repo.git.updateRef(p.name, p.after, p.current);
      if (!moved) throw new Error(`${p.name} moved while it was updated`);
      if (p.after !== ZERO_SHA && p.name.startsWith('refs/heads/'))
        followPush(repo, p.name.slice('refs/heads/'.length), p.after, ctx.fake.now());
    }
    return { clientMutationId: null };
  });
}

/** GitHub's error entries: message, locations, path, and `type` (NOT_FOUND) where it names one. */
function errorOf(error: GraphQLError) {
  const type = (error.originalError as { type?: string } | undefined)?.type;
  return {
    ...(type ? { type } : {}),
    ...(error.path ? { path: error.path } : {}),
    ...(error.locations ? { locations: error.locations } : {}),
    message: error.message,
  };
}

export const graphqlRoutes: Route[] = [
  {
    method: 'POST',
    path: '/graphql',
    doc: 'https://docs.github.com/graphql',
    handler: async (ctx) => {
      const { query, variables, operationName } = ctx.body as {
        query?: unknown;
        variables?: unknown;
        operationName?: unknown;
      };
      if (typeof query !== 'string' || query.trim() === '')
        return {
          body: { errors: [{ message: 'A query attribute must be specified and must be a string.' }] },
        };
      const result = await graphql({
        schema: schema(),
        source: query,
        variableValues:
          variables && typeof variables === 'object' ? (variables as Record<string, unknown>) : {},
        ...(typeof operationName === 'string' ? { operationName } : {}),
        rootValue: {
          repository: ({ owner, name }: { owner: string; name: string }) => repositoryOf(ctx, owner, name),
          updateRefs: ({ input }: { input: { repositoryId: string; refUpdates: RefUpdate[] } }) =>
            updateRefs(ctx, input),
        },
      });
      return {
        body: {
          ...(result.data !== undefined ? { data: result.data } : {}),
          ...(result.errors?.length ? { errors: result.errors.map(errorOf) } : {}),
        },
      };
    },
  },
];
