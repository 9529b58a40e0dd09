import { type Html, html } from '../html.ts';

/** The sign-in form: an API key and the pre-session CSRF token; `problem` explains a refused key. */
export function loginPage(options: {
  csrf: string;
  next: string;
  problem?: string | undefined;
  notice?: Html | '';
}): Html {
  return html`<h1>Sign in to the workbench</h1>
${options.notice ?? ''}
${options.problem ? html`<p class="notice problem" role="alert" id="key-problem">${options.problem}</p>` : ''}
<form method="post" action="/workbench/login">
<input type="hidden" name="_csrf" value="${options.csrf}">
<input type="hidden" name="next" value="${options.next}">
<p><label class="label" for="key">API key</label>
<input id="key" name="key" type="password" required autocomplete="off" spellcheck="false"
 aria-describedby="key-help${options.problem ? ' key-problem' : ''}"${options.problem ? html` aria-invalid="true"` : ''}></p>
<p id="key-help" class="muted">Any unrevoked API key of your organization (svc_ and 40 characters). The key is not kept;
the session ends after 8 hours without activity, after 24 hours at most, or when the key is revoked.</p>
<p><button class="primary" type="submit">Sign in</button></p>
</form>`;
}
