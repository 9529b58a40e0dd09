import fc from 'fast-check';
import type { GenContext } from './arbitraries.ts';
import { type AuthVariant, type Credentials, credentialsArb } from './auth.ts';
import { type FailureKind, judge, judgeMethod, successJson } from './check.ts';
import { type ApiDocument, fetchDocument, type Operation } from './document.ts';
import { createFixtures } from './fixtures.ts';
import { IdPools } from './pools.ts';
import { type FuzzRequest, type Mode, requestArb } from './requests.ts';
import { send } from './send.ts';

export interface FuzzOptions {
  /** The server under test, `http://127.0.0.1:PORT`. */
  baseUrl: string;
  /** A valid API key (an admin's, so every route can be exercised). */
  key: string;
  /** Requests to send (the fixture set-up comes on top). */
  runs: number;
  /** Same seed, same server state → same requests. */
  seed: number;
  /** A request still unanswered after this long is a failure (default 10 s). */
  timeoutMs?: number;
  /** Requests in flight at once (default 1: each one sees the state the previous one left). */
  concurrency?: number;
  /** Operations to fuzz (default: every operation of the document). */
  filter?: (op: Operation) => boolean;
  /** Sends only these request numbers of the sequence: reproduces a reported failure. */
  only?: readonly number[];
  /** Called after each answer (tracing, or counting what the checks do not judge). */
  observe?: (event: FuzzEvent) => void;
}

export interface FuzzEvent {
  index: number;
  operation: string;
  mode: Mode;
  auth: AuthVariant;
  method: string;
  target: string;
  note: string;
  /** The status, or `timeout` / `connection`. */
  status: string;
  /** The first 300 characters of the answer. */
  answer: string;
}

export interface FuzzFailure {
  kind: FailureKind;
  operation: string;
  mode: Mode;
  auth: AuthVariant;
  status?: number;
  problem: string;
  /** Everything needed to send it again by hand, and to replay it with `only: [index]`. */
  description: string;
  seed: number;
  index: number;
}

export interface FuzzResult {
  requests: number;
  /** Answers by status code (`timeout` and `connection` for requests that got none). */
  byStatus: Record<string, number>;
  /** Answers with a 5xx status: what a load benchmark reports as `fuzz_500s`. */
  serverErrors: number;
  /** Requests per operation and mode. */
  coverage: Record<string, Record<Mode, number>>;
  /** Answers per operation and status: which operations the pass got past validation. */
  byOperation: Record<string, Record<string, number>>;
  failures: FuzzFailure[];
  /**
   * `POST /v2/files 415`: error statuses an operation answered that its document does not list.
   * Their bodies are judged by the `default` response; the gap is the document's to close.
   */
  undocumented: string[];
  durationMs: number;
}

/** Modes in turn, round after round over the operations: valid and invalid come first. */
const ROUNDS: readonly Mode[] = ['valid', 'invalid', 'boundary', 'valid', 'invalid'];

const excerpt = (body: string | Uint8Array | undefined, max = 200): string => {
  if (body === undefined) return '';
  const text = typeof body === 'string' ? body : new TextDecoder().decode(body.subarray(0, max * 4));
  const length = typeof body === 'string' ? body.length : body.length;
  return JSON.stringify(text.slice(0, max)) + (length > max ? ` (${length} in all)` : '');
};

/** Counts one answer by status, by operation and mode. */
function tally(result: FuzzResult, operation: string, mode: Mode, status: string): void {
  result.requests++;
  result.byStatus[status] = (result.byStatus[status] ?? 0) + 1;
  if (status.startsWith('5')) result.serverErrors++;
  const modes = result.coverage[operation] ?? { valid: 0, boundary: 0, invalid: 0 };
  modes[mode]++;
  result.coverage[operation] = modes;
  const statuses = result.byOperation[operation] ?? {};
  statuses[status] = (statuses[status] ?? 0) + 1;
  result.byOperation[operation] = statuses;
}

/**
 * Sends `runs` generated requests to every operation of the server's own OpenAPI document in
 * valid, boundary and invalid modes with assorted credentials, and reports each answer that
 * breaks the rules `judge` enforces. Usable from tests and benchmarks alike.
 */
export async function fuzzPass(options: FuzzOptions): Promise<FuzzResult> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? 10_000;
  const doc: ApiDocument = await fetchDocument(options.baseUrl);
  const operations = doc.operations.filter(options.filter ?? (() => true));
  if (operations.length === 0) throw new Error('[openapi-fuzz] no operation to fuzz');
  const pools = new IdPools();
  const fixtures = await createFixtures(options.baseUrl, options.key, doc, pools, timeoutMs);
  const credentials = credentialsArb({ valid: options.key, revoked: fixtures.revokedKey });
  const arbs = new Map<string, fc.Arbitrary<[FuzzRequest, Credentials]>>();
  const result: FuzzResult = {
    requests: 0,
    byStatus: {},
    serverErrors: 0,
    coverage: {},
    byOperation: {},
    failures: [],
    undocumented: [],
    durationMs: 0,
  };

  const one = async (index: number) => {
    const op = operations[index % operations.length]!;
    const mode = ROUNDS[Math.floor(index / operations.length) % ROUNDS.length]!;
    const cacheKey = `${op.key} ${mode}`;
    let arb = arbs.get(cacheKey);
    if (!arb) {
      const ctx: GenContext = { op, resolve: doc.resolve, pools };
      arb = fc.tuple(requestArb(op, mode, ctx), credentials);
      arbs.set(cacheKey, arb);
    }
    const seed = (options.seed ^ Math.imul(index + 1, 0x9e3779b1)) | 0;
    const [request, creds] = fc.sample(arb, { seed, numRuns: 1 })[0]!;
    const target = creds.query
      ? `${request.target}${request.target.includes('?') ? '&' : '?'}${creds.query}`
      : request.target;
    const sent = await send(
      options.baseUrl,
      { ...request, target, headers: { ...request.headers, ...creds.headers } },
      timeoutMs,
    );

    const status =
      'answer' in sent ? String(sent.answer.status) : 'timeout' in sent ? 'timeout' : 'connection';
    tally(result, op.key, mode, status);
    const shown = target.replace(options.key, '<key>');
    options.observe?.({
      index,
      operation: op.key,
      mode,
      auth: creds.variant,
      method: request.method,
      target: shown,
      note: request.note,
      status,
      answer: 'answer' in sent ? new TextDecoder().decode(sent.answer.body.subarray(0, 300)) : '',
    });
    let verdict: { kind: FailureKind; problem: string } | undefined;
    if ('timeout' in sent) verdict = { kind: 'timeout', problem: `no answer within ${timeoutMs} ms` };
    else if ('error' in sent) verdict = { kind: 'connection', problem: `connection failed: ${sent.error}` };
    else {
      // An empty or dot segment can reach another operation (`/v2/jobs/` is the list, and URLs
      // resolve `%2e%2e` as `..`): judge the answer by the operation the request reached.
      const url = new URL(target, options.baseUrl);
      const reached = doc.route(request.method, url.pathname) ?? doc.unrouted(request.method, url.pathname);
      const methods = doc.methodsAt(url.pathname);
      const gap = `${reached.key} ${status}`;
      if (methods && !methods.includes(request.method)) {
        // The path exists without this method: 405 (or OPTIONS' 204) with its own Allow.
        verdict = judgeMethod(
          doc,
          doc.unrouted(request.method, url.pathname),
          request.method,
          methods,
          sent.answer,
        );
      } else {
        if (!reached.public && sent.answer.status >= 400 && !(status in reached.responses)) {
          if (!result.undocumented.includes(gap)) result.undocumented.push(gap);
        }
        verdict = judge(doc, reached, mode, creds.variant, sent.answer);
      }
      if (!verdict && creds.variant === 'valid' && sent.answer.status < 300) {
        const json = successJson(sent.answer);
        if (json !== undefined) pools.harvest(reached, json);
        pools.forgetDeleted(reached, url);
      }
    }
    if (!verdict) return;
    const answer = 'answer' in sent ? ` → ${sent.answer.status} ${excerpt(sent.answer.body)}` : '';
    result.failures.push({
      ...verdict,
      operation: op.key,
      mode,
      auth: creds.variant,
      ...('answer' in sent ? { status: sent.answer.status } : {}),
      description:
        `${verdict.kind}: ${request.method} ${shown.length > 300 ? `${shown.slice(0, 300)}…` : shown} ` +
        `[${mode}; auth ${creds.note}${request.note ? `; ${request.note}` : ''}] ` +
        `headers ${JSON.stringify(request.headers)} body ${excerpt(request.body)}${answer}; ${verdict.problem} ` +
        `(replay: seed ${options.seed}, only [${index}])`,
      seed: options.seed,
      index,
    });
  };

  const indices = options.only ?? Array.from({ length: options.runs }, (_, i) => i);
  let next = 0;
  const worker = async () => {
    while (next < indices.length) await one(indices[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, worker));
  result.durationMs = Math.round(performance.now() - started);
  return result;
}
