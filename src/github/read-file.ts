import type { GitHub } from './client.ts';

/** GitHub answered with a status the caller may act on (404 file missing, 401 bad credentials). */
export function githubStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/**
 * A file's bytes at a ref (GET /repos/{owner}/{repo}/contents/{path}), or undefined when the file
 * does not exist there. Contents come base64-encoded; files over 1 MB come without content and
 * are read through their blob.
 */
export async function readRepositoryBytes(
  gh: GitHub,
  at: { owner: string; repo: string; ref: string },
  path: string,
): Promise<Uint8Array | undefined> {
  try {
    const { data } = await gh.rest.repos.getContent({ owner: at.owner, repo: at.repo, path, ref: at.ref });
    if (Array.isArray(data) || data.type !== 'file')
      throw new Error(`${at.owner}/${at.repo}@${at.ref}: ${path} is not a file`);
    if ('content' in data && data.content && data.encoding === 'base64')
      return Buffer.from(data.content, 'base64');
    const blob = await gh.rest.git.getBlob({ owner: at.owner, repo: at.repo, file_sha: data.sha });
    return Buffer.from(blob.data.content, 'base64');
  } catch (error) {
    if (githubStatus(error) === 404) return undefined;
    throw error;
  }
}

/** A file's text (UTF-8) at a ref, or undefined when it does not exist there (see readRepositoryBytes). */
export async function readRepositoryFile(
  gh: GitHub,
  at: { owner: string; repo: string; ref: string },
  path: string,
): Promise<string | undefined> {
  const bytes = await readRepositoryBytes(gh, at, path);
  return bytes === undefined ? undefined : Buffer.from(bytes).toString('utf8');
}
