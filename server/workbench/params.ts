import type { Response } from 'express';
import { sendPage } from './layout.ts';
import { errorPage } from './pages/error.ts';
import type { WorkbenchSession } from './sessions.ts';

/** A positive integer id from a path segment, or undefined for anything else. */
export function idParam(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^[1-9]\d{0,14}$/.test(value)) return undefined;
  return Number(value);
}

/**
 * 404 for what does not exist or is another organization's: the same page either way, so nobody
 * learns which ids exist elsewhere.
 */
export function sendNotFound(res: Response, what: string): void {
  sendPage(res, 404, {
    title: 'Not found',
    session: res.locals.session as WorkbenchSession | undefined,
    main: errorPage('Not found', `There is no such ${what} in your organization.`),
  });
}
