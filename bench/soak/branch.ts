import { Octokit } from '@octokit/rest';

export interface PullRequestView {
  /** The text of `path` on the l10n branch; undefined while the branch or the file is missing. */
  read(path: string): Promise<string | undefined>;
  /** Numbers of every open pull request of the repository (the receiver should keep one). */
  openPulls(): Promise<number[]>;
  /**
   * Whether `read` ever returned `text` for `path`. The receiver keeps the branch one commit on
   * its base, replaced on each update, so the branch has no history to ask afterwards: what the
   * pull request held is what was seen in it while the soak ran.
   */
  seen(path: string, text: string): boolean;
}

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * The pull request as a reviewer sees it: through the GitHub double's REST API (Octokit, as the
 * receiver uses it), never through the double's internals.
 */
export function pullRequestView(o: {
  githubUrl: string;
  token: string;
  owner: string;
  repo: string;
  branch: string;
}): PullRequestView {
  const octokit = new Octokit({ auth: o.token, baseUrl: o.githubUrl, log: quiet });
  const repo = { owner: o.owner, repo: o.repo };
  const seen = new Map<string, Set<string>>();
  return {
    async read(path) {
      try {
        const { data } = await octokit.rest.repos.getContent({ ...repo, path, ref: o.branch });
        if (Array.isArray(data) || !('content' in data)) return undefined;
        const text = Buffer.from(data.content, 'base64').toString('utf8');
        if (!seen.has(path)) seen.set(path, new Set());
        seen.get(path)!.add(text);
        return text;
      } catch (error) {
        if ((error as { status?: number }).status === 404) return undefined;
        throw error;
      }
    },
    async openPulls() {
      const pulls = await octokit.paginate(octokit.rest.pulls.list, {
        ...repo,
        state: 'open',
        per_page: 100,
      });
      return pulls.map((p) => p.number);
    },
    seen: (path, text) => seen.get(path)?.has(text) ?? false,
  };
}
