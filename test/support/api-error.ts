import { expect } from 'vitest';
import { ApiError } from '../../src/api/errors.ts';

/** Awaits a client call that must fail with an ApiError of `status` carrying a request id. */
export async function apiError(call: Promise<unknown>, status: number): Promise<ApiError> {
  const error = await call.then(
    () => new Error('the call succeeded'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(status);
  expect((error as ApiError).requestId).toMatch(/\S/);
  return error as ApiError;
}
