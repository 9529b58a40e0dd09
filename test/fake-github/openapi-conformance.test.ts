/**
 * Every answer of the GitHub double checked against GitHub's own REST description
 * (@octokit/openapi, api.github.com): realistic flows driven with @octokit/rest, each answer
 * recorded with the route template that produced it, then matched to GitHub's operation by method,
 * path template and status and validated against that response's JSON schema. Every route of the
 * double must be exercised with at least one validated answer, so a new route fails here until
 * this test covers it.
 */
import type { ValidateFunction } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Answer, ROUTES } from '../support/fake-github/index.ts';
import { driveEveryRoute } from './conformance-flows.ts';
import { GitHubDescription, toJsonSchema } from './github-openapi.ts';

/**
 * Error statuses GitHub answers on any endpoint whether or not the operation lists them (its REST
 * docs: "Troubleshooting" and "Rate limits" — 401 without or with bad credentials, 403 for an
 * exhausted rate limit or a credential without access, 400 for an unparsable body, 404 for what
 * the credential cannot see, 422 for invalid fields). The description is silent on these bodies;
 * GitHub documents them as its `basic-error` (`validation-error` when `errors` is present).
 */
const GENERIC_ERRORS = new Set([400, 401, 403, 404, 422]);

/**
 * Routes whose raw media type (`application/vnd.github.raw`) GitHub documents on the endpoint's
 * page ("custom media types") but not in the description's responses: the bytes are not JSON.
 */
const RAW_ROUTES = new Set(['/repos/:owner/:repo/contents/*path', '/repos/:owner/:repo/git/blobs/:sha']);

/** The double's template written GitHub's way, with parameter names blanked. */
function githubShape(route: string): string {
  // GitHub has one operation for the root and any path: `contents/{path}` with an empty path.
  const path = route === '/repos/:owner/:repo/contents' ? `${route}/*path` : route;
  return path.replace(/\/[:*][^/]+/g, '/{}');
}

interface Verdict {
  method: string;
  route: string;
  status: number;
  operation: string;
  problems: string[];
}

let description: GitHubDescription;
const answers: Answer[] = [];

function errorsOf(validate: ValidateFunction): string[] {
  return (validate.errors ?? [])
    .slice(0, 8)
    .map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}

/** One answer judged against GitHub's description. */
function judge(answer: Answer): Verdict {
  const route = answer.route as string;
  const verdict: Verdict = {
    method: answer.method,
    route,
    status: answer.status,
    operation: '?',
    problems: [],
  };
  const path = description.findPath(githubShape(route));
  const operation = path && description.operation(answer.method, path);
  if (!path || !operation) {
    verdict.problems.push(`GitHub has no operation ${answer.method} ${githubShape(route)}`);
    return verdict;
  }
  verdict.operation = operation.operationId;
  if (answer.contentType?.startsWith('application/vnd.github.raw')) {
    if (!RAW_ROUTES.has(route) || answer.status !== 200)
      verdict.problems.push(`raw bytes answered with ${answer.status}`);
    return verdict;
  }
  const documented = description.response(answer.method, path, answer.status);
  let validate: ValidateFunction | null | undefined = documented;
  if (documented === undefined && !GENERIC_ERRORS.has(answer.status)) {
    verdict.problems.push(`status ${answer.status} is not documented for ${operation.operationId}`);
    return verdict;
  }
  // An error GitHub does not document, or documents without a body (DELETE a ref's 422): GitHub
  // still answers its error object, so that is what the double's body must be.
  if (answer.status >= 400 && !documented) {
    const body = answer.body as Record<string, unknown> | undefined;
    validate = description.component(body && 'errors' in body ? 'validation-error' : 'basic-error');
  }
  if (!validate) {
    if (answer.body !== undefined) verdict.problems.push('a body where GitHub documents none');
    return verdict;
  }
  if (!answer.contentType?.startsWith('application/json')) {
    verdict.problems.push(`content type ${answer.contentType ?? '(none)'} where GitHub documents JSON`);
    return verdict;
  }
  if (!validate(answer.body)) verdict.problems.push(...errorsOf(validate));
  return verdict;
}

const verdicts: Verdict[] = [];

beforeAll(async () => {
  description = new GitHubDescription();
  await driveEveryRoute((answer) => answers.push(answer));
  // GraphQL has no place in the REST description: its answers are typed by GitHub's GraphQL schema
  // (routes-graphql.ts executes every query against it; test/github/repository-reader.test.ts).
  for (const answer of answers)
    if (answer.route && answer.route !== '/graphql' && !answer.intercepted) verdicts.push(judge(answer));
}, 180_000);

describe("fake GitHub against GitHub's REST description", () => {
  it('matched every answer to a route of the double', () => {
    expect(answers.filter((a) => !a.route).map((a) => `${a.method} ${a.status}`)).toEqual([]);
  });

  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r.path, r.method]))(
    '%s: exercised, and every answer conforms',
    (_name, path, method) => {
      const ofRoute = verdicts.filter((v) => v.route === path && v.method === method);
      expect(
        ofRoute.length,
        'no answer of this route was recorded: drive it in conformance-flows.ts',
      ).toBeGreaterThan(0);
      expect(ofRoute.some((v) => v.status < 300)).toBe(true);
      const failing = ofRoute
        .filter((v) => v.problems.length)
        .map((v) => `${v.status} ${v.operation}: ${v.problems.join('; ')}`);
      expect(failing).toEqual([]);
    },
  );
});

describe("GitHub's OpenAPI 3.0 schemas as ajv reads them", () => {
  it('turns nullable into a null type, a null enum member, or a null alternative', () => {
    expect(toJsonSchema({ type: 'string', nullable: true, format: 'uri' })).toEqual({
      type: ['string', 'null'],
      format: 'uri',
    });
    expect(toJsonSchema({ type: 'string', enum: ['open', 'closed'], nullable: true })).toEqual({
      type: ['string', 'null'],
      enum: ['open', 'closed', null],
    });
    expect(toJsonSchema({ allOf: [{ $ref: '#/components/schemas/simple-user' }], nullable: true })).toEqual({
      anyOf: [{ type: 'null' }, { allOf: [{ $ref: 'github-components#/definitions/simple-user' }] }],
    });
    // A property named like a keyword is a property, not the keyword.
    expect(toJsonSchema({ type: 'object', properties: { nullable: { type: 'boolean' } } })).toEqual({
      type: 'object',
      properties: { nullable: { type: 'boolean' } },
    });
  });

  it("refuses what GitHub's schema refuses: a missing required field, a wrong format, a non-null null", () => {
    const get = description.response('GET', '/repos/{owner}/{repo}', 200);
    const repository = answers.find((a) => a.route === '/repos/:owner/:repo' && a.status === 200)?.body;
    expect(get?.(repository)).toBe(true);
    const shaped = repository as Record<string, unknown>;
    const { archive_url: _, ...missing } = shaped;
    expect(get?.(missing)).toBe(false);
    expect(get?.({ ...shaped, created_at: 'yesterday' })).toBe(false);
    expect(get?.({ ...shaped, name: null })).toBe(false);
    expect(get?.({ ...shaped, description: null, homepage: null })).toBe(true);
  });
});
