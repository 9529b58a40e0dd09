/**
 * File-level diffs in GitHub's `diff-entry` shape, from `git diff-tree`: one raw listing for
 * status and blob shas, one patch whose hunks become each file's `patch` (GitHub's field holds
 * only the hunks, from the first `@@`, without the `diff --git` header).
 */
import type { Git } from './git.ts';
import { apiBase, type DiffEntryShape, htmlBase } from './shapes.ts';
import type { FakeState, RepoState } from './state.ts';

/** The empty tree's well-known id; git resolves it without the object being stored. */
export const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

const STATUS: Record<string, DiffEntryShape['status']> = {
  A: 'added',
  D: 'removed',
  M: 'modified',
  T: 'changed',
};

/** Files changed from `from` (a tree-ish; undefined: nothing) to the commit `to`. */
export async function diffFiles(
  fake: FakeState,
  repo: RepoState,
  from: string | undefined,
  to: string,
): Promise<DiffEntryShape[]> {
  const git: Git = repo.git;
  const base = from ?? EMPTY_TREE;
  const [raw, patch] = await git.memo(`diff ${base} ${to}`, [base, to], () =>
    Promise.all([
      git.run(['diff-tree', '-r', '-z', '--no-renames', '--raw', base, to]).then((b) => b.toString('utf8')),
      git
        .run(['diff-tree', '-r', '-p', '--no-renames', '--no-color', base, to])
        .then((b) => b.toString('utf8')),
    ]),
  );
  // Both listings come in the same (path) order, one `diff --git` section per raw entry.
  const sections = patch.split(/^diff --git /m).slice(1);
  const fields = raw.split('\0');
  const entries: DiffEntryShape[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const [, , oldSha = '', newSha = '', letter = 'M'] = (fields[i] ?? '').split(' ');
    const filename = fields[i + 1] ?? '';
    const status = STATUS[letter] ?? 'modified';
    const sha = status === 'removed' ? oldSha : newSha;
    const hunks = hunksOf(sections[entries.length] ?? '');
    const counted = count(hunks);
    const path = filename.split('/').map(encodeURIComponent).join('/');
    const entry: DiffEntryShape = {
      sha,
      filename,
      status,
      additions: counted.additions,
      deletions: counted.deletions,
      changes: counted.additions + counted.deletions,
      blob_url: `${htmlBase(fake, repo)}/blob/${to}/${path}`,
      raw_url: `${htmlBase(fake, repo)}/raw/${to}/${path}`,
      contents_url: `${apiBase(fake, repo)}/contents/${path}?ref=${to}`,
    };
    // Binary files have no hunks, and GitHub then leaves `patch` out.
    if (hunks !== undefined) entry.patch = hunks;
    entries.push(entry);
  }
  return entries;
}

function hunksOf(section: string): string | undefined {
  const start = section.startsWith('@@') ? 0 : section.indexOf('\n@@') + 1;
  if (start <= 0 && !section.startsWith('@@')) return undefined;
  return section.slice(start).replace(/\n$/, '');
}

function count(hunks: string | undefined): { additions: number; deletions: number } {
  let additions = 0;
  let deletions = 0;
  for (const line of hunks?.split('\n') ?? []) {
    if (line.startsWith('+')) additions++;
    else if (line.startsWith('-')) deletions++;
  }
  return { additions, deletions };
}
