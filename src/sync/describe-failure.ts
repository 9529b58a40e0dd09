import { ApiError, NetworkError, TimeoutError } from '../api/index.ts';

/**
 * One line for a failed run, naming what to fix — never a stack trace: an unreachable platform,
 * a refused API key, a GitHub error, or the error's own message (config and input errors already
 * name the key).
 */
export function describeFailure(error: unknown): string {
  if (error instanceof NetworkError) {
    const cause = error.cause as { code?: string; message?: string } | undefined;
    return `cannot reach the platform (${cause?.code ?? cause?.message ?? 'network error'} on ${error.method} ${error.path}): check api-url`;
  }
  if (error instanceof TimeoutError) return `the platform did not answer in time: ${error.message}`;
  if (error instanceof ApiError) {
    if (error.status === 401) return 'the platform refused the API key (401): check the api-key secret';
    if (error.status === 403) return `the API key may not do this (403 on ${error.method} ${error.path})`;
    return `the platform answered ${error.message}${error.requestId ? ` (request id ${error.requestId})` : ''}`;
  }
  const status = (error as { status?: unknown } | null)?.status;
  const url = (error as { request?: { url?: string } } | null)?.request?.url;
  if (typeof status === 'number' && url) {
    if (status === 401) return 'GitHub refused the token (401 Bad credentials): check github-token';
    return `GitHub answered ${status} on ${url}: ${(error as Error).message}`;
  }
  return error instanceof Error ? error.message : String(error);
}
