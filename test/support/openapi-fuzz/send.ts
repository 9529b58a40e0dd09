import type { Answer } from './check.ts';

export interface Outgoing {
  method: string;
  /** Path and query, percent-encoded. */
  target: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

export type Sent = { answer: Answer } | { timeout: true } | { error: string };

/**
 * Sends one request and reads the whole answer, giving up after `timeoutMs` (a hang is a
 * finding, not a reason to stall the pass).
 */
export async function send(baseUrl: string, request: Outgoing, timeoutMs: number): Promise<Sent> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(baseUrl + request.target, {
      method: request.method,
      headers: request.headers,
      ...(request.body !== undefined ? { body: request.body as BodyInit } : {}),
      redirect: 'manual',
      signal,
    });
    const body = new Uint8Array(await response.arrayBuffer());
    return {
      answer: {
        status: response.status,
        contentType: response.headers.get('content-type') ?? '',
        body,
        ...(response.headers.has('allow') ? { allow: response.headers.get('allow')! } : {}),
      },
    };
  } catch (err) {
    if (signal.aborted) return { timeout: true };
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return { error: cause?.code ?? cause?.message ?? (err as Error).message };
  }
}
