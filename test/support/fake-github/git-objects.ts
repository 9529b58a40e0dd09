/**
 * Git plumbing over one bare repository, objects side: running git, writing and reading blobs,
 * trees and commits. Every call runs `git` with an explicit GIT_DIR and explicit identities, so it
 * works on a machine with no git configuration at all. References and history are in git.ts.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ZERO_SHA = '0'.repeat(40);
const SHA = /^[0-9a-f]{40}$/;

export interface GitIdentity {
  name: string;
  email: string;
  /** Seconds since the epoch. */
  time: number;
}

export interface TreeEntry {
  mode: string;
  type: 'blob' | 'tree' | 'commit';
  sha: string;
  /** Blob size in bytes; undefined for trees and submodules. */
  size: number | undefined;
  path: string;
}

export interface CommitObject {
  sha: string;
  tree: string;
  parents: string[];
  author: GitIdentity;
  committer: GitIdentity;
  message: string;
}

/** git exited non-zero; `code` is its exit status. */
export class GitError extends Error {
  readonly code: number | string | undefined;
  constructor(message: string, code: number | string | undefined, options?: ErrorOptions) {
    super(message, options);
    this.name = 'GitError';
    this.code = code;
  }
}

export class GitObjects {
  readonly dir: string;
  /** Answers about objects, which never change once written: a query on full shas is asked once. */
  private readonly memos = new Map<string, Promise<unknown>>();
  constructor(dir: string) {
    this.dir = dir;
  }

  /**
   * `compute()` once per key when every revision in `revs` is a full sha (an object id, not a
   * ref that can move); spawning git costs milliseconds and one API call asks several questions.
   */
  memo<T>(key: string, revs: (string | undefined)[], compute: () => Promise<T>): Promise<T> {
    if (!revs.every((r) => r === undefined || SHA.test(r))) return compute();
    const known = this.memos.get(key) as Promise<T> | undefined;
    if (known) return known;
    const pending = compute();
    this.memos.set(key, pending);
    pending.catch(() => this.memos.delete(key));
    return pending;
  }

  /** Runs git; resolves with stdout as bytes. */
  run(args: string[], input?: string | Uint8Array, env: Record<string, string> = {}): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const child = execFile(
        'git',
        args,
        {
          encoding: 'buffer',
          maxBuffer: 256 * 1024 * 1024,
          env: { PATH: process.env.PATH ?? '/usr/bin:/bin', GIT_DIR: this.dir, LC_ALL: 'C', ...env },
        },
        (error, stdout, stderr) => {
          if (error) {
            const detail = stderr.toString().trim() || error.message;
            reject(new GitError(`git ${args[0]}: ${detail}`, error.code ?? undefined, { cause: error }));
          } else resolve(stdout);
        },
      );
      // git may exit without reading its input (a bad object, or a command that takes none):
      // the exit status reports that, so a broken pipe on stdin is not an error of its own.
      child.stdin?.on('error', () => {});
      if (input === undefined) child.stdin?.end();
      else child.stdin?.end(input);
    });
  }

  async text(args: string[], input?: string | Uint8Array, env?: Record<string, string>): Promise<string> {
    return (await this.run(args, input, env)).toString('utf8').trim();
  }

  init(defaultBranch: string): Promise<Buffer> {
    return this.run(['init', '--quiet', '--bare', `--initial-branch=${defaultBranch}`, this.dir]);
  }

  hashBlob(content: Uint8Array | string): Promise<string> {
    return this.text(['hash-object', '-w', '--stdin'], content);
  }

  /**
   * Writes many blobs with one git process (`hash-object -w --stdin-paths` over temporary files):
   * a tree of hundreds of inline files costs one spawn, not hundreds.
   */
  async hashBlobs(contents: readonly (Uint8Array | string)[]): Promise<string[]> {
    if (contents.length <= 1) return Promise.all(contents.map((c) => this.hashBlob(c)));
    const dir = await mkdtemp(join(tmpdir(), 'fake-github-blobs-'));
    try {
      const paths = await Promise.all(
        contents.map(async (c, i) => {
          const path = join(dir, String(i));
          await writeFile(path, c);
          return path;
        }),
      );
      const out = await this.text(['hash-object', '-w', '--stdin-paths'], `${paths.join('\n')}\n`);
      return out.split('\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private queued: {
    sha: string;
    done: (o: { type: string; bytes: Buffer } | undefined) => void;
    fail: (e: unknown) => void;
  }[] = [];

  /**
   * An object's type and bytes, or undefined when it does not exist. The objects asked in one
   * turn of the event loop are read by one `git cat-file --batch` (a GraphQL query of a hundred
   * blobs spawns one git, not two hundred).
   */
  object(sha: string): Promise<{ type: string; bytes: Buffer } | undefined> {
    if (!SHA.test(sha)) return Promise.resolve(undefined);
    return new Promise((done, fail) => {
      if (this.queued.length === 0) setImmediate(() => this.readQueued());
      this.queued.push({ sha, done, fail });
    });
  }

  private async readQueued(): Promise<void> {
    const batch = this.queued;
    this.queued = [];
    try {
      const out = await this.run(['cat-file', '--batch'], `${batch.map((q) => q.sha).join('\n')}\n`);
      let at = 0;
      for (const q of batch) {
        const eol = out.indexOf(0x0a, at);
        const [, type = '', size = ''] = out.subarray(at, eol).toString('latin1').split(' ');
        if (type === 'missing' || size === '') {
          at = eol + 1;
          q.done(undefined);
          continue;
        }
        const bytes = out.subarray(eol + 1, eol + 1 + Number(size));
        at = eol + 1 + Number(size) + 1;
        q.done({ type, bytes: Buffer.from(bytes) });
      }
    } catch (error) {
      for (const q of batch) q.fail(error);
    }
  }

  /** The object's type, or undefined when it does not exist. */
  async typeOf(sha: string): Promise<string | undefined> {
    if (!SHA.test(sha)) return undefined;
    try {
      // Only existing objects are remembered: a missing one may be written later.
      return await this.memo(`type ${sha}`, [sha], () => this.text(['cat-file', '-t', sha]));
    } catch {
      return undefined;
    }
  }

  readBlob(sha: string): Promise<Buffer> {
    return this.run(['cat-file', 'blob', sha]);
  }

  /** Resolves a revision expression (`main`, `sha^{tree}`, `main:path`) or undefined. */
  async resolve(rev: string): Promise<string | undefined> {
    try {
      const out = await this.text(['rev-parse', '--verify', '--quiet', '--end-of-options', rev]);
      return out || undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Lists a tree (`recursive` includes the subtrees themselves, like GitHub's `?recursive=1`);
   * with `path`, only the entry at that path.
   */
  lsTree(treeish: string, recursive = false, path?: string): Promise<TreeEntry[]> {
    return this.memo(`ls-tree ${treeish} ${recursive} ${path ?? ''}`, [treeish], () =>
      this.listTree(treeish, recursive, path),
    );
  }

  private async listTree(
    treeish: string,
    recursive: boolean,
    path: string | undefined,
  ): Promise<TreeEntry[]> {
    const args = [
      'ls-tree',
      '-z',
      '-l',
      ...(recursive ? ['-r', '-t'] : []),
      treeish,
      ...(path ? ['--', path] : []),
    ];
    // Literal pathspecs: a file named `*.json` means that file, not a pattern.
    const out = (await this.run(args, undefined, { GIT_LITERAL_PATHSPECS: '1' })).toString('utf8');
    return out
      .split('\0')
      .filter(Boolean)
      .map((line) => {
        const tab = line.indexOf('\t');
        const [mode = '', type = '', sha = '', size = '-'] = line.slice(0, tab).split(/ +/);
        return {
          mode,
          type: type as TreeEntry['type'],
          sha,
          size: size === '-' ? undefined : Number(size),
          path: line.slice(tab + 1),
        };
      });
  }

  /** Writes one tree level; mktree refuses entries whose objects do not exist. */
  mktree(entries: { mode: string; type: string; sha: string; name: string }[]): Promise<string> {
    const input = entries.map((e) => `${e.mode} ${e.type} ${e.sha}\t${e.name}\0`).join('');
    return this.text(['mktree', '-z'], input);
  }

  async readCommit(sha: string): Promise<CommitObject | undefined> {
    if ((await this.typeOf(sha)) !== 'commit') return undefined;
    return this.memo(`commit ${sha}`, [sha], () => this.parseCommit(sha));
  }

  private async parseCommit(sha: string): Promise<CommitObject> {
    const raw = (await this.run(['cat-file', 'commit', sha])).toString('utf8');
    const split = raw.indexOf('\n\n');
    const headers = (split < 0 ? raw : raw.slice(0, split)).split('\n');
    const message = split < 0 ? '' : raw.slice(split + 2);
    const field = (name: string) =>
      headers.filter((h) => h.startsWith(`${name} `)).map((h) => h.slice(name.length + 1));
    return {
      sha,
      tree: field('tree')[0] ?? '',
      parents: field('parent'),
      author: parseIdentity(field('author')[0] ?? ''),
      committer: parseIdentity(field('committer')[0] ?? ''),
      message,
    };
  }

  commitTree(tree: string, parents: string[], message: string, author: GitIdentity, committer: GitIdentity) {
    const args = ['commit-tree', tree, ...parents.flatMap((p) => ['-p', p]), '-F', '-'];
    return this.text(args, message, {
      GIT_AUTHOR_NAME: author.name,
      GIT_AUTHOR_EMAIL: author.email,
      GIT_AUTHOR_DATE: `@${author.time} +0000`,
      GIT_COMMITTER_NAME: committer.name,
      GIT_COMMITTER_EMAIL: committer.email,
      GIT_COMMITTER_DATE: `@${committer.time} +0000`,
    });
  }
}

function parseIdentity(line: string): GitIdentity {
  const match = /^(.*) <([^>]*)> (\d+) [+-]\d{4}$/.exec(line);
  return { name: match?.[1] ?? '', email: match?.[2] ?? '', time: Number(match?.[3] ?? 0) };
}
