import type { Origin } from '../../src/contracts/labels.ts';

/** The group of a repository and base branch, e.g. `acme/app@main`. */
export const groupKeyOf = (o: Origin) => `${o.owner}/${o.repo}@${o.ref}`;

/** The repository and base a group key names (owner and repository names hold no `@`; a branch may). */
export function originOfGroup(key: string): Origin {
  const at = key.indexOf('@');
  const [owner, repo] = key.slice(0, at).split('/');
  if (at <= 0 || !owner || !repo)
    throw new TypeError(`[receiver] ${JSON.stringify(key)} is not owner/repo@base`);
  return { owner, repo, ref: key.slice(at + 1) };
}
