/**
 * RECEIVER_ALLOWED_REPOS: the repositories the receiver may write to, comma- or space-separated
 * `owner/name`, `owner/*` or `*`, compared without regard to case (GitHub's names are
 * case-insensitive). An event for any other repository is skipped with a log line.
 */
export function allowedRepositories(spec: string | undefined): (fullName: string) => boolean {
  const matches = repositoryPatterns(spec, 'RECEIVER_ALLOWED_REPOS');
  if (!matches)
    throw new Error(
      'RECEIVER_ALLOWED_REPOS is not set: list the repositories the receiver may write to (owner/name, owner/*)',
    );
  return matches;
}

/**
 * A list of `owner/name`, `owner/*` or `*` (comma- or space-separated, any case) as a test of a
 * repository's full name; undefined when the list is empty. `name` is the setting, for errors.
 */
export function repositoryPatterns(
  spec: string | undefined,
  name: string,
): ((fullName: string) => boolean) | undefined {
  const patterns = (spec ?? '')
    .split(/[\s,]+/)
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean);
  if (patterns.length === 0) return undefined;
  for (const p of patterns)
    if (p !== '*' && !/^[a-z0-9][a-z0-9-]*\/(?:\*|[a-z0-9._-]+)$/.test(p))
      throw new Error(`${name}: "${p}" is not owner/name, owner/* or *`);
  return (fullName) => {
    const name = fullName.toLowerCase();
    const owner = name.split('/')[0];
    return patterns.some((p) => p === '*' || p === name || p === `${owner}/*`);
  };
}
