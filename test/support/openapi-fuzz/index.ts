/**
 * Schema-driven fuzzing of the platform API from the OpenAPI document it serves: used by
 * test/fuzz (npm test, npm run fuzz) and by benchmarks that count 5xx under load.
 */
export type { AuthVariant } from './auth.ts';
export type { FailureKind } from './check.ts';
export { type ApiDocument, fetchDocument, type Operation, readDocument } from './document.ts';
export { type FuzzEvent, type FuzzFailure, type FuzzOptions, type FuzzResult, fuzzPass } from './pass.ts';
export type { Mode } from './requests.ts';
export { validate } from './validate.ts';
