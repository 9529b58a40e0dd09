import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';

/**
 * Headers on every workbench response. The CSP allows only the page's own inline stylesheet and
 * script, by a nonce made per response, so injected markup could not run or style anything even
 * if escaping failed; forms may post only to this origin; no site may frame the pages.
 */
export function securityHeaders(random: (size: number) => Buffer = randomBytes): RequestHandler {
  return (_req, res, next) => {
    const nonce = random(16).toString('base64');
    res.locals.nonce = nonce;
    res.set({
      'Content-Security-Policy': [
        "default-src 'none'",
        // Screenshots come from the workbench's own route (/workbench/screenshots/:id).
        "img-src 'self'",
        `style-src 'nonce-${nonce}'`,
        `script-src 'nonce-${nonce}'`,
        "form-action 'self'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
      ].join('; '),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
      'X-Frame-Options': 'DENY',
    });
    next();
  };
}
