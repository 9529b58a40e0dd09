/**
 * Rules for repository paths. Sources are read and translations written by path, and the receiver
 * writes what these functions allow, so anything that could leave the working tree, reach into
 * `.git` or change a workflow is refused rather than cleaned up.
 */

/**
 * Segments git itself refuses (`verify_path`): `.git`, and the names Windows and macOS treat as
 * `.git` (trailing dots or spaces, the 8.3 short name `git~1`).
 */
function isGitDir(segment: string): boolean {
  const first = segment.charCodeAt(0);
  if (first !== 46 /* . */ && first !== 103 /* g */ && first !== 71 /* G */) return false;
  const lower = segment.toLowerCase().replace(/[. ]+$/, '');
  return lower === '.git' || lower === 'git~1';
}

/** What makes `path` unusable as a repository-relative file path, or undefined when it is fine. */
export function repoPathProblem(path: string): string | undefined {
  if (path === '') return 'is empty';
  if (/[\u0000-\u001f\u007f]/.test(path)) return 'contains control characters';
  if (path.includes('\\')) return 'must use / as the path separator';
  if (path.startsWith('/') || /^[a-zA-Z]:/.test(path)) return 'must be relative to the repository root';
  let problem: string | undefined;
  for (const segment of path.split('/')) {
    if (segment === '..') return 'must stay inside the repository (no .. segments)';
    if (segment === '.' || segment === '') problem ??= 'must be a normalized path (no . or empty segments)';
    else if (isGitDir(segment)) problem ??= 'must not be inside .git';
  }
  return problem;
}

/**
 * What makes `path` unusable as a file the receiver writes: everything `repoPathProblem` refuses,
 * plus `.github/`, where a written file could change the repository's workflows.
 */
export function writablePathProblem(path: string): string | undefined {
  const problem = repoPathProblem(path);
  if (problem) return problem;
  const slash = path.indexOf('/');
  const first = slash < 0 ? path : path.slice(0, slash);
  if (/^\.github[. ]*$/i.test(first)) return 'must not be under .github/';
  return undefined;
}

/** The directory part of a path ('' for a file at the root). */
export function dirOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

/** `dir` + `/` + `file`, or `file` alone for the root. */
export function joinPath(dir: string, file: string): string {
  return dir === '' ? file : `${dir}/${file}`;
}

/** The file name part of a path. */
export function baseOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** `messages.en.json` → `messages.en` + `json`; a leading-dot name like `.env` has no extension. */
export function splitExtension(file: string): { name: string; ext: string } {
  const dot = file.lastIndexOf('.');
  return dot > 0 ? { name: file.slice(0, dot), ext: file.slice(dot + 1) } : { name: file, ext: '' };
}
