import type { Response } from 'express';
import { SCRIPT, STYLESHEET } from './assets.ts';
import { type Html, html, trusted } from './html.ts';
import type { WorkbenchSession } from './sessions.ts';

export interface PageOptions {
  title: string;
  /** The signed-in user, for the header's sign-out form; omitted on the sign-in page. */
  session?: WorkbenchSession | undefined;
  main: Html;
}

/** The page shell: skip link, header with sign-out, the main content, inline CSS and script under the nonce. */
export function layout(nonce: string, options: PageOptions): Html {
  const { session } = options;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title} · svc workbench</title>
<style nonce="${nonce}">${trusted(STYLESHEET)}</style>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="bar">
<a class="home" href="/workbench">svc workbench</a>
${
  session
    ? html`<span><span class="muted">Signed in as ${session.email || 'API key user'}</span>
<form method="post" action="/workbench/logout"><input type="hidden" name="_csrf" value="${session.csrfToken}"><button type="submit">Sign out</button></form></span>`
    : ''
}
</header>
<main id="main" tabindex="-1">
${options.main}
</main>
<script nonce="${nonce}">${trusted(SCRIPT)}</script>
</body>
</html>`;
}

/** Sends a whole page with its status (headers were set by the router's securityHeaders). */
export function sendPage(res: Response, status: number, options: PageOptions): void {
  res
    .status(status)
    .type('html')
    .send(layout(String(res.locals.nonce ?? ''), options).text);
}
