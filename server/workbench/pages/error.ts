import { type Html, html } from '../html.ts';

/** An error page: what happened and the way back, never internals. */
export function errorPage(title: string, message: string): Html {
  return html`<h1>${title}</h1>
<p>${message}</p>
<p><a href="/workbench">Back to the jobs</a></p>`;
}
