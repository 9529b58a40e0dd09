import { type ParsedUrlQuery, parse } from 'node:querystring';

/**
 * Parses a query string keeping every parameter. Express's default (`node:querystring` with its
 * `maxKeys` of 1,000) silently drops the rest: a valid request with 1,000 `fileId` values lost its
 * `memoryId`, and junk before `limit=abc` let the bad value skip validation (issue 40). The
 * request head is bounded (`MAX_HEAD_BYTES`), so the number of parameters is too; parsing stays
 * linear in the query's length.
 */
export function parseQuery(query: string): ParsedUrlQuery {
  return parse(query, '&', '=', { maxKeys: 0 });
}
