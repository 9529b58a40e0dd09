/** GitHub App endpoints, authenticated with the app's JWT: installation lookup and access tokens. */
import { DEFAULT_PERMISSIONS } from './auth.ts';
import { HttpError, invalidField, notFound } from './http-error.ts';
import type { Ctx, Route } from './router.ts';
import { user } from './shapes.ts';
import { repository } from './shapes-repository.ts';
import { type Actor, isoTime, repoKey } from './state.ts';

const DOC = 'https://docs.github.com/rest/apps/apps';

function installation(ctx: Ctx, account: Actor) {
  const id = ctx.auth.app.installationId;
  return {
    id,
    account: user(ctx.fake, account),
    repository_selection: 'all',
    access_tokens_url: `${ctx.fake.url}/app/installations/${id}/access_tokens`,
    repositories_url: `${ctx.fake.url}/installation/repositories`,
    html_url: `${ctx.fake.url}/organizations/${account.login}/settings/installations/${id}`,
    app_id: ctx.auth.app.id,
    app_slug: ctx.auth.app.slug,
    target_id: account.id,
    target_type: account.type,
    permissions: DEFAULT_PERMISSIONS,
    events: [],
    created_at: isoTime(0),
    updated_at: isoTime(0),
    single_file_name: null,
    suspended_by: null,
    suspended_at: null,
  };
}

/** The one installation's account: the owner of the first repository. */
function installedAccount(ctx: Ctx): Actor {
  const first = ctx.fake.repos.values().next().value;
  return first?.owner ?? { login: 'octocat', id: 583231, type: 'User' };
}

function checkInstallation(ctx: Ctx): void {
  if (Number(ctx.params.id) !== ctx.auth.app.installationId) throw notFound();
}

export const appRoutes: Route[] = [
  {
    method: 'GET',
    path: '/app/installations/:id',
    doc: `${DOC}#get-an-installation-for-the-authenticated-app`,
    jwt: true,
    handler: async (ctx) => {
      checkInstallation(ctx);
      return { body: installation(ctx, installedAccount(ctx)) };
    },
  },
  {
    method: 'POST',
    path: '/app/installations/:id/access_tokens',
    doc: `${DOC}#create-an-installation-access-token-for-an-app`,
    jwt: true,
    handler: async (ctx) => {
      checkInstallation(ctx);
      const { repositories, permissions } = ctx.body;
      if (
        repositories !== undefined &&
        (!Array.isArray(repositories) || repositories.some((r) => typeof r !== 'string'))
      ) {
        throw invalidField('Installation', 'repositories');
      }
      if (permissions !== undefined && (!permissions || typeof permissions !== 'object')) {
        throw invalidField('Installation', 'permissions');
      }
      const account = installedAccount(ctx);
      const names = repositories as string[] | undefined;
      const repos = names?.map((name) => ctx.fake.repos.get(repoKey(account.login, name)));
      if (repos?.some((r) => r === undefined)) {
        throw new HttpError(
          422,
          'There is at least one repository that does not exist or is not accessible to the parent installation.',
        );
      }
      const issued = ctx.auth.issueInstallationToken(
        names,
        permissions as Record<string, string> | undefined,
      );
      const body: Record<string, unknown> = {
        token: issued.token,
        expires_at: isoTime(issued.expiresAt),
        permissions: issued.permissions,
        repository_selection: names ? 'selected' : 'all',
      };
      if (repos) body.repositories = repos.map((r) => (r ? repository(ctx.fake, r) : null));
      return { status: 201, body };
    },
  },
  {
    method: 'GET',
    path: '/repos/:owner/:repo/installation',
    doc: `${DOC}#get-a-repository-installation-for-the-authenticated-app`,
    jwt: true,
    handler: async (ctx) => ({ body: installation(ctx, ctx.repo.owner) }),
  },
];
