/**
 * Reads one repository in bulk for one run (DESIGN §11): a branch's tip, and the open pull
 * request from it, come with the first GraphQL query that needs them; a commit's files come from
 * its tree (one REST call) and their blobs' texts, up to 100 a GraphQL query; a blob is read once
 * whatever the paths and refs that hold it. GitHub gives an installation about 5,000 REST calls
 * and 5,000 GraphQL points an hour: reading a file per call spent them at two a file a language.
 */
import type { GitHub } from './client.ts';
import { githubStatus } from './github-status.ts';

/** A branch's tip commit. */
export interface BranchTip {
  sha: string;
  tree: string;
  parents: string[];
  /** The commit author's email (ours, or a person's). */
  authorEmail: string | undefined;
}

/** An open pull request, as the writer needs it to update rather than open one. */
export interface OpenPull {
  number: number;
  url: string;
  title: string;
  body: string | null;
  labels: string[];
}

/** GitHub's own advice: "up to 100 items" a query keeps a query's cost and answer small. */
export const BLOBS_PER_QUERY = 100;

const BLOB = 'oid byteSize isTruncated isBinary text';
const COMMIT = 'oid tree { oid } parents(first: 2) { nodes { oid } } author { email }';

interface BlobAnswer {
  oid: string;
  byteSize: number;
  isTruncated: boolean;
  isBinary: boolean | null;
  text: string | null;
}

interface CommitAnswer {
  oid: string;
  tree: { oid: string };
  parents: { nodes: { oid: string }[] };
  author: { email: string | null } | null;
  file?: { oid: string; object: BlobAnswer | null } | null;
}

interface RefAnswer {
  target: CommitAnswer | null;
  associatedPullRequests?: {
    nodes: {
      number: number;
      url: string;
      title: string;
      body: string;
      labels: { nodes: { name: string }[] } | null;
    }[];
  };
}

/**
 * What one query asks: branches (with a file at the tip, or the open PR into a base), blobs by oid,
 * and blobs by `commit:path` expression.
 */
interface Ask {
  branches: { name: string; file?: string | undefined; pullInto?: string | undefined }[];
  oids: string[];
  paths?: string[];
}

/** What one query found: files at branch tips (by branch), blob shas of expressions (by expression). */
interface Found {
  files: Map<string, Uint8Array | undefined>;
  paths: Map<string, string | undefined>;
}

/**
 * The per-run reader of one repository. Tips are remembered for the run (the writer commits on the
 * same base the deliveries were merged with); `moved` records a branch the run itself moved.
 */
export class RepositoryReader {
  readonly gh: GitHub;
  readonly owner: string;
  readonly repo: string;
  private readonly tips = new Map<string, BranchTip | undefined>();
  private readonly pulls = new Map<string, OpenPull | undefined>();
  private readonly blobs = new Map<string, Promise<Uint8Array>>();
  private readonly trees = new Map<string, Promise<Map<string, string> | undefined>>();
  private readonly answers = new Map<string, Promise<unknown>>();
  /** The repository's node id (GraphQL mutations name it), from the first query. */
  private repositoryId: string | undefined;
  /** The repository's default branch, known after the first query (`removed_keys: keep-until-merged`). */
  defaultBranch: string | undefined;

  constructor(gh: GitHub, at: { owner: string; repo: string }) {
    this.gh = gh;
    this.owner = at.owner;
    this.repo = at.repo;
  }

  /** A branch's tip, read once a run (undefined: no such branch). */
  async tip(branch: string): Promise<BranchTip | undefined> {
    if (!this.tips.has(branch)) await this.query({ branches: [{ name: branch }], oids: [] });
    return this.tips.get(branch);
  }

  /** The branch's tip read again (before a force update: never over a commit we have not seen). */
  async freshTip(branch: string): Promise<BranchTip | undefined> {
    this.tips.delete(branch);
    return this.tip(branch);
  }

  /** The open pull request from `branch` into `base`, read with the branch's tip (see branches). */
  async openPull(branch: string, base: string): Promise<OpenPull | undefined> {
    const key = `${branch}\u0000${base}`;
    if (!this.pulls.has(key)) await this.query({ branches: [{ name: branch, pullInto: base }], oids: [] });
    return this.pulls.get(key);
  }

  /**
   * Tips of several branches, and the open pull request from each into `pullInto`, in one query
   * (the writer's branches are known before the first file is read, so they come with it).
   */
  async branches(names: readonly string[], pullInto?: string): Promise<void> {
    const missing = this.unknown(names, pullInto);
    if (missing.length > 0) await this.query({ branches: missing, oids: [] });
  }

  /** Branches of `names` (and `pullInto` itself) whose tip or open pull request the run has not read. */
  private unknown(names: readonly string[], pullInto: string | undefined): Ask['branches'] {
    const wanted = pullInto === undefined ? names : [...names, pullInto];
    return [...new Set(wanted)]
      .map((name) => ({ name, pullInto: name === pullInto ? undefined : pullInto }))
      .filter(
        (b) =>
          !this.tips.has(b.name) ||
          (b.pullInto !== undefined && !this.pulls.has(`${b.name}\u0000${b.pullInto}`)),
      );
  }

  /** A file at a branch's tip, read with the tip in one query (the config, before anything else). */
  async fileAtBranch(branch: string, path: string): Promise<Uint8Array | undefined> {
    const found = await this.query({ branches: [{ name: branch, file: path }], oids: [] });
    return found.files.get(branch);
  }

  /** The pull request from `branch` into `base` as this run left it (opened, retitled). */
  pullWritten(branch: string, base: string, pull: OpenPull): void {
    this.pulls.set(`${branch}\u0000${base}`, pull);
  }

  /**
   * Moves `branch` from `before` to `after`, a non-fast-forward update allowed, only while it is
   * still at `before` (GraphQL `updateRefs` with `beforeOid`: a compare-and-swap, which REST's
   * force update is not). False when the branch moved meanwhile: someone pushed, nothing is lost.
   */
  async swapRef(branch: string, before: string, after: string): Promise<boolean> {
    if (!this.repositoryId) await this.query({ branches: [], oids: [] });
    try {
      await this.gh.graphql(
        'mutation($input: UpdateRefsInput!) { updateRefs(input: $input) { clientMutationId } }',
        {
          input: {
            repositoryId: this.repositoryId,
            refUpdates: [{ name: `refs/heads/${branch}`, beforeOid: before, afterOid: after, force: true }],
          },
        },
      );
      return true;
    } catch (error) {
      const now = await this.freshTip(branch);
      if (now?.sha !== before) return false;
      throw error;
    }
  }

  /**
   * An answer about commits by their shas, asked once a run (`compute` runs once per key): a
   * comparison of two commits never changes, and the reading and the writing phase both ask it.
   */
  remember<T>(key: string, compute: () => Promise<T>): Promise<T> {
    let answer = this.answers.get(key) as Promise<T> | undefined;
    if (!answer) {
      answer = compute();
      this.answers.set(key, answer);
      answer.catch(() => this.answers.delete(key));
    }
    return answer;
  }

  /** The branch moved to `tip` by this run (our own commit, a merge). */
  moved(branch: string, tip: BranchTip): void {
    this.tips.set(branch, tip);
  }

  /**
   * The bytes of each path at a commit (undefined: no file there), in bulk: a few paths (up to
   * BLOBS_PER_QUERY) by path in one GraphQL query; more through the commit's tree, listed once, and
   * every blob not read yet, up to BLOBS_PER_QUERY a query. The first query also carries
   * `also.branches` (their tips, and their open pull requests into `also.pullInto`).
   */
  async files(
    at: Pick<BranchTip, 'sha' | 'tree'>,
    paths: readonly string[],
    also: { branches?: readonly string[]; pullInto?: string } = {},
  ): Promise<Map<string, Uint8Array | undefined>> {
    const unique = [...new Set(paths)];
    const listed =
      this.trees.has(at.tree) || unique.length > BLOBS_PER_QUERY ? await this.tree(at.tree) : undefined;
    const oidOf = new Map<string, string | undefined>();
    const asks: Ask[] = [];
    if (listed) {
      for (const path of unique) oidOf.set(path, listed.get(path));
      const wanted = [...new Set([...oidOf.values()].filter((o): o is string => !!o))].filter(
        (oid) => !this.blobs.has(oid),
      );
      for (let i = 0; i < wanted.length; i += BLOBS_PER_QUERY)
        asks.push({ branches: [], oids: wanted.slice(i, i + BLOBS_PER_QUERY) });
    } else {
      // Few paths, or a tree too large for one answer (GitHub truncates listings): by path.
      for (let i = 0; i < unique.length; i += BLOBS_PER_QUERY)
        asks.push({
          branches: [],
          oids: [],
          paths: unique.slice(i, i + BLOBS_PER_QUERY).map((p) => `${at.sha}:${p}`),
        });
    }
    const branches = this.unknown(also.branches ?? [], also.pullInto);
    if (asks[0]) asks[0].branches = branches;
    else if (branches.length > 0) asks.push({ branches, oids: [] });
    for (const ask of asks) {
      const found = await this.query(ask);
      for (const [expression, oid] of found.paths) oidOf.set(expression.slice(at.sha.length + 1), oid);
    }
    const out = new Map<string, Uint8Array | undefined>();
    for (const path of unique) {
      const oid = oidOf.get(path);
      out.set(path, oid ? await this.blob(oid) : undefined);
    }
    return out;
  }

  /** A blob's bytes: as a query brought them, else through REST. */
  private blob(oid: string): Promise<Uint8Array> {
    let bytes = this.blobs.get(oid);
    if (!bytes) {
      bytes = this.restBlob(oid);
      this.blobs.set(oid, bytes);
    }
    return bytes;
  }

  /** Remembers a blob a query brought, when GraphQL's text is its bytes exactly. */
  private heard(blob: BlobAnswer | null | undefined): string | undefined {
    if (!blob?.oid) return undefined;
    const bytes = exactBytes(blob);
    if (bytes && !this.blobs.has(blob.oid)) this.blobs.set(blob.oid, Promise.resolve(bytes));
    return blob.oid;
  }

  /** Paths to blob shas of a tree, listed once (GET …/git/trees/{sha}?recursive=1); undefined if truncated. */
  private tree(sha: string): Promise<Map<string, string> | undefined> {
    let listed = this.trees.get(sha);
    if (!listed) {
      listed = this.gh.rest.git
        .getTree({ owner: this.owner, repo: this.repo, tree_sha: sha, recursive: '1' })
        .then(({ data }) =>
          data.truncated
            ? undefined
            : new Map(
                data.tree.filter((e) => e.type === 'blob' && e.path && e.sha).map((e) => [e.path!, e.sha!]),
              ),
        );
      this.trees.set(sha, listed);
    }
    return listed;
  }

  /**
   * One GraphQL query for branches and blobs; remembers the tips, pull requests and blobs it finds
   * (a blob whose text is not its bytes exactly is read through REST when asked for).
   */
  private async query(ask: Ask): Promise<Found> {
    const variables: Record<string, string> = { owner: this.owner, name: this.repo };
    const declared: string[] = [];
    const fields: string[] = [];
    ask.branches.forEach((b, i) => {
      variables[`r${i}`] = `refs/heads/${b.name}`;
      declared.push(`$r${i}: String!`);
      let commit = COMMIT;
      if (b.file !== undefined) {
        variables[`f${i}`] = b.file;
        declared.push(`$f${i}: String!`);
        commit += ` file(path: $f${i}) { oid object { ... on Blob { ${BLOB} } } }`;
      }
      let pull = '';
      if (b.pullInto !== undefined) {
        variables[`b${i}`] = b.pullInto;
        declared.push(`$b${i}: String!`);
        pull = ` associatedPullRequests(states: [OPEN], baseRefName: $b${i}, first: 1) { nodes { number url title body labels(first: 100) { nodes { name } } } }`;
      }
      fields.push(`r${i}: ref(qualifiedName: $r${i}) { target { ... on Commit { ${commit} } }${pull} }`);
    });
    ask.oids.forEach((oid, i) => {
      variables[`o${i}`] = oid;
      declared.push(`$o${i}: GitObjectID!`);
      fields.push(`o${i}: object(oid: $o${i}) { ... on Blob { ${BLOB} } }`);
    });
    ask.paths?.forEach((expression, i) => {
      variables[`p${i}`] = expression;
      declared.push(`$p${i}: String!`);
      fields.push(`p${i}: object(expression: $p${i}) { ... on Blob { ${BLOB} } }`);
    });
    const data = await this.graphql(
      `query($owner: String!, $name: String!${declared.map((d) => `, ${d}`).join('')}) { repository(owner: $owner, name: $name) { id defaultBranchRef { name } ${fields.join(' ')} } }`,
      variables,
    );
    this.repositoryId = data.id as string;
    this.defaultBranch = (data.defaultBranchRef as { name: string } | null)?.name;
    const found: Found = { files: new Map(), paths: new Map() };
    for (const [i, b] of ask.branches.entries()) {
      const ref = data[`r${i}`] as RefAnswer | null;
      const commit = ref?.target && 'oid' in ref.target ? ref.target : undefined;
      this.tips.set(
        b.name,
        commit && {
          sha: commit.oid,
          tree: commit.tree.oid,
          parents: commit.parents.nodes.map((p) => p.oid),
          authorEmail: commit.author?.email ?? undefined,
        },
      );
      if (b.pullInto !== undefined) {
        const pull = ref?.associatedPullRequests?.nodes[0];
        this.pulls.set(
          `${b.name}\u0000${b.pullInto}`,
          pull && {
            number: pull.number,
            url: pull.url,
            title: pull.title,
            body: pull.body,
            labels: (pull.labels?.nodes ?? []).map((l) => l.name),
          },
        );
      }
      if (b.file !== undefined) {
        const oid = this.heard(commit?.file?.object);
        found.files.set(b.name, oid ? await this.blob(oid) : undefined);
      }
    }
    for (const i of ask.oids.keys()) this.heard(data[`o${i}`] as BlobAnswer | null);
    for (const [i, expression] of (ask.paths ?? []).entries())
      found.paths.set(expression, this.heard(data[`p${i}`] as BlobAnswer | null));
    return found;
  }

  private async graphql(query: string, variables: Record<string, string>): Promise<Record<string, unknown>> {
    const answer = await this.gh.graphql<{ repository: Record<string, unknown> | null }>(query, variables);
    if (!answer.repository)
      throw Object.assign(new Error(`${this.owner}/${this.repo}: no such repository, or no access to it`), {
        status: 404,
      });
    return answer.repository;
  }

  /** A blob through REST (binary, truncated, or not UTF-8): GET …/git/blobs/{sha}, base64. */
  private async restBlob(oid: string): Promise<Uint8Array> {
    try {
      const { data } = await this.gh.rest.git.getBlob({ owner: this.owner, repo: this.repo, file_sha: oid });
      return Buffer.from(data.content, 'base64');
    } catch (error) {
      if (githubStatus(error) === 404)
        throw new Error(`${this.owner}/${this.repo}: blob ${oid} is gone`, { cause: error });
      throw error;
    }
  }
}

/**
 * The blob's bytes when GraphQL's text is exactly them: not binary, not truncated, and as many
 * UTF-8 bytes as the blob has (a Latin-1 `.properties` file or a UTF-16 `.strings` file comes back
 * transcoded or as nothing: such a blob is read through REST, byte for byte).
 */
function exactBytes(blob: BlobAnswer): Uint8Array | undefined {
  if (blob.isBinary || blob.isTruncated || blob.text === null) return undefined;
  const bytes = Buffer.from(blob.text, 'utf8');
  return bytes.length === blob.byteSize ? bytes : undefined;
}
