/**
 * The repository object in GitHub's two sizes: `repository` (embedded in pull requests' head.repo
 * and base.repo, and in an installation token's `repositories`) and `full-repository` (what
 * GET /repos/{owner}/{repo} answers). Every field GitHub's description marks required is present,
 * built from the double's state and its base URL, which stands for both api.github.com and
 * github.com here. What the double does not model (stars, forks, watchers, wiki, pages, a
 * license, a detected language) has GitHub's value for a new private repository.
 */
import { apiBase, htmlBase, user } from './shapes.ts';
import { type FakeState, isoTime, nodeId, type RepoState } from './state.ts';

/** `repository`: every field GitHub marks required, plus the merge settings clients read. */
export function repository(fake: FakeState, repo: RepoState): Record<string, unknown> {
  const url = apiBase(fake, repo);
  const html = htmlBase(fake, repo);
  const host = new URL(fake.url).host;
  const fullName = `${repo.owner.login}/${repo.name}`;
  const created = isoTime(repo.createdAt);
  // GitHub counts open pull requests among a repository's open issues.
  const openIssues = [...repo.pulls.values()].filter((p) => p.state === 'open').length;
  return {
    id: repo.id,
    node_id: nodeId('R', repo.id),
    name: repo.name,
    full_name: fullName,
    private: true,
    owner: user(fake, repo.owner),
    html_url: html,
    description: null,
    fork: false,
    url,
    archive_url: `${url}/{archive_format}{/ref}`,
    assignees_url: `${url}/assignees{/user}`,
    blobs_url: `${url}/git/blobs{/sha}`,
    branches_url: `${url}/branches{/branch}`,
    collaborators_url: `${url}/collaborators{/collaborator}`,
    comments_url: `${url}/comments{/number}`,
    commits_url: `${url}/commits{/sha}`,
    compare_url: `${url}/compare/{base}...{head}`,
    contents_url: `${url}/contents/{+path}`,
    contributors_url: `${url}/contributors`,
    deployments_url: `${url}/deployments`,
    downloads_url: `${url}/downloads`,
    events_url: `${url}/events`,
    forks_url: `${url}/forks`,
    git_commits_url: `${url}/git/commits{/sha}`,
    git_refs_url: `${url}/git/refs{/sha}`,
    git_tags_url: `${url}/git/tags{/sha}`,
    git_url: `git://${host}/${fullName}.git`,
    issue_comment_url: `${url}/issues/comments{/number}`,
    issue_events_url: `${url}/issues/events{/number}`,
    issues_url: `${url}/issues{/number}`,
    keys_url: `${url}/keys{/key_id}`,
    labels_url: `${url}/labels{/name}`,
    languages_url: `${url}/languages`,
    merges_url: `${url}/merges`,
    milestones_url: `${url}/milestones{/number}`,
    notifications_url: `${url}/notifications{?since,all,participating}`,
    pulls_url: `${url}/pulls{/number}`,
    releases_url: `${url}/releases{/id}`,
    ssh_url: `git@${new URL(fake.url).hostname}:${fullName}.git`,
    stargazers_url: `${url}/stargazers`,
    statuses_url: `${url}/statuses/{sha}`,
    subscribers_url: `${url}/subscribers`,
    subscription_url: `${url}/subscription`,
    tags_url: `${url}/tags`,
    teams_url: `${url}/teams`,
    trees_url: `${url}/git/trees{/sha}`,
    clone_url: `${html}.git`,
    mirror_url: null,
    hooks_url: `${url}/hooks`,
    svn_url: html,
    homepage: null,
    language: null,
    forks_count: 0,
    stargazers_count: 0,
    watchers_count: 0,
    size: 0,
    default_branch: repo.defaultBranch,
    open_issues_count: openIssues,
    is_template: false,
    topics: [],
    has_issues: true,
    has_projects: true,
    has_wiki: false,
    has_pages: false,
    has_downloads: true,
    has_discussions: false,
    archived: false,
    disabled: false,
    visibility: 'private',
    pushed_at: created,
    created_at: created,
    updated_at: created,
    permissions: { admin: true, maintain: true, push: true, triage: true, pull: true },
    allow_rebase_merge: true,
    allow_squash_merge: true,
    allow_merge_commit: true,
    delete_branch_on_merge: false,
    allow_forking: false,
    web_commit_signoff_required: false,
    license: null,
    forks: 0,
    open_issues: openIssues,
    watchers: 0,
  };
}

/** `full-repository`: the repository's own page, with its settings and network counts. */
export function fullRepository(fake: FakeState, repo: RepoState): Record<string, unknown> {
  const shape: Record<string, unknown> = {
    ...repository(fake, repo),
    allow_auto_merge: false,
    allow_update_branch: false,
    use_squash_pr_title_as_default: false,
    squash_merge_commit_title: 'COMMIT_OR_PR_TITLE',
    squash_merge_commit_message: 'COMMIT_MESSAGES',
    merge_commit_title: 'MERGE_MESSAGE',
    merge_commit_message: 'PR_TITLE',
    custom_properties: {},
    network_count: 0,
    subscribers_count: 1,
  };
  // GitHub adds the owning organization to an organization's repository.
  if (repo.owner.type === 'Organization') shape.organization = user(fake, repo.owner);
  return shape;
}
