import { githubStatus } from './github-status.ts';
import type { RepositoryReader } from './repository-reader.ts';

/** Ends the body's line that mentions the reviewers GitHub would not ask (it stays on updates). */
const NOTE = '<!-- svc-connector:reviewers -->';

/**
 * Asks the reviewers (logins, and `org/slug` for the owner's teams) to review a pull request, in
 * one call. GitHub refuses the whole request when any one of them has no write access (422
 * "Reviews may only be requested from collaborators"); only then is each asked alone, so the
 * others are still asked. Returns the reviewers not asked: those GitHub refused, and teams of
 * another owner than the repository's (GitHub takes only the owner's team slugs), in the order given.
 */
export async function requestReviews(
  reader: RepositoryReader,
  pullNumber: number,
  names: readonly string[],
): Promise<string[]> {
  const { gh, owner, repo } = reader;
  const unique = names.filter((n, i) => names.findIndex((m) => m.toLowerCase() === n.toLowerCase()) === i);
  const foreign = (n: string) =>
    n.includes('/') && n.slice(0, n.indexOf('/')).toLowerCase() !== owner.toLowerCase();
  const askable = unique.filter((n) => !foreign(n));
  const ask = (list: readonly string[]) => {
    const users = list.filter((n) => !n.includes('/'));
    const teams = list.filter((n) => n.includes('/')).map((n) => n.slice(n.indexOf('/') + 1));
    return gh.rest.pulls.requestReviewers({
      owner,
      repo,
      pull_number: pullNumber,
      ...(users.length ? { reviewers: users } : {}),
      ...(teams.length ? { team_reviewers: teams } : {}),
    });
  };
  const refused = new Set<string>();
  if (askable.length > 0) {
    try {
      await ask(askable);
    } catch (error) {
      if (githubStatus(error) !== 422) throw error;
      if (askable.length === 1) refused.add(askable[0]!);
      else
        for (const name of askable)
          await ask([name]).catch((alone: unknown) => {
            if (githubStatus(alone) !== 422) throw alone;
            refused.add(name);
          });
    }
  }
  return unique.filter((n) => foreign(n) || refused.has(n));
}

/** The body's line @-mentioning the reviewers GitHub would not ask. */
export function reviewNote(unrequested: readonly string[]): string {
  const names = unrequested.map((n) => `@${n}`);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  return `Review requested from ${list} (GitHub could not ask: no write access to this repository). ${NOTE}`;
}

/**
 * The body with the reviewer note the previous body carried: the body is written anew on each
 * update, and the note is written once, when the pull request is opened.
 */
export function keepReviewNote(body: string, previous: string | null | undefined): string {
  if (body.includes(NOTE)) return body;
  const note = previous?.split('\n').find((line) => line.endsWith(NOTE));
  return note ? `${body}\n\n${note}` : body;
}
