import { lowerSameLength } from '../../engine/tm/normalize.ts';
import {
  CONCORDANCE_PAGE,
  type ConcordanceRequest,
  type ConcordanceView,
  FRAGMENT_MAX,
} from '../../services/workbench/concordance.ts';
import { type Html, html } from '../html.ts';
import { day } from './format.ts';

const tag = (lang: string, locale: string | null) => (locale ? `${lang}-${locale}` : lang);

/** `text` with every occurrence of the fragment (any case) in a `<mark>`. */
export function markFragment(text: string, fragment: string): Html {
  const lower = lowerSameLength(text);
  const wanted = lowerSameLength(fragment.normalize('NFC'));
  if (wanted === '') return html`${text}`;
  const parts: Html[] = [];
  let at = 0;
  for (let i = lower.indexOf(wanted); i >= 0; i = lower.indexOf(wanted, i + wanted.length)) {
    parts.push(html`${text.slice(at, i)}<mark>${text.slice(i, i + wanted.length)}</mark>`);
    at = i + wanted.length;
  }
  parts.push(html`${text.slice(at)}`);
  return html`${parts}`;
}

/**
 * The concordance form: a fragment, source or target, the order. In a segment's card (`segmentId`)
 * it opens the results in the "concordance" tab, so the editor (and unsaved text in it) stays.
 */
export function concordanceForm(
  documentId: number,
  request: Pick<ConcordanceRequest, 'fragment' | 'field' | 'order'>,
  segmentId?: number,
): Html {
  const id = segmentId === undefined ? 'cc' : `cc-${segmentId}`;
  const option = (value: string, label: string, selected: boolean) =>
    html`<option value="${value}"${selected ? html` selected` : ''}>${label}</option>`;
  return html`<form method="get" action="/workbench/documents/${documentId}/concordance" role="search" class="concordance-form"${
    segmentId === undefined ? '' : html` target="concordance"`
  } aria-label="Concordance search in the project's memory">
<label for="${id}-q">Search the memory for</label>
<input type="search" id="${id}-q" name="q" value="${request.fragment}" maxlength="${FRAGMENT_MAX}" required minlength="2">
<label for="${id}-in">in</label>
<select id="${id}-in" name="in">${option('source', 'sources', request.field === 'source')}${option('target', 'translations', request.field === 'target')}</select>
<label for="${id}-order">order</label>
<select id="${id}-order" name="order">${option('recent', 'most recent first', request.order === 'recent')}${option('shortest', 'shortest first', request.order === 'shortest')}</select>
<button type="submit">Search memory${segmentId === undefined ? '' : html`<span class="visually-hidden"> (opens in another tab)</span>`}</button>
</form>`;
}

function pageLink(view: ConcordanceView, page: number): string {
  const q = new URLSearchParams({
    q: view.request.fragment,
    in: view.request.field,
    order: view.request.order,
  });
  if (page > 1) q.set('page', String(page));
  return `/workbench/documents/${view.document.id}/concordance?${q}`;
}

/** The concordance page: the form, then one page of memory entries holding the fragment. */
export function concordancePage(view: ConcordanceView, problem: string | undefined): Html {
  const { document, project, job, request } = view;
  const srclang = tag(project.srclang, project.srclocale);
  const trglang = tag(project.trglang, project.trglocale);
  const where = request.field === 'source' ? 'source' : 'translation';
  const results =
    problem !== undefined
      ? html`<p class="notice problem" role="alert">${problem}</p>`
      : !view.memory
        ? html`<p class="notice problem" role="alert">The project has no memory any more: there is nothing to search.</p>`
        : request.fragment === ''
          ? html`<p class="muted">Type a word or any part of a sentence: every entry of the memory holding it is listed, in any case.</p>`
          : view.total === 0
            ? html`<p role="status">No entry of the memory holds «${request.fragment}» in its ${where}.</p>`
            : html`<p role="status">${view.total} ${view.total === 1 ? 'entry holds' : 'entries hold'} «${request.fragment}» in the ${where}${
                view.pages > 1 ? html` · page ${request.page} of ${view.pages}` : ''
              }.</p>
<ol class="concordance" start="${(request.page - 1) * CONCORDANCE_PAGE + 1}">
${view.hits.map(
  (h) => html`<li>
<div class="pair">
<p class="source-text" lang="${srclang}"><span class="visually-hidden">Source: </span>${request.field === 'source' ? markFragment(h.source, request.fragment) : h.source}</p>
<p class="source-text" lang="${trglang}"><span class="visually-hidden">Translation: </span>${request.field === 'target' ? markFragment(h.target, request.fragment) : h.target}</p>
</div>
<p class="muted">${h.resourceName ?? 'no file'}${h.userEmail ? ` · ${h.userEmail}` : ''} · ${day(h.createdAt)}</p>
</li>`,
)}
</ol>
${
  view.pages > 1
    ? html`<nav aria-label="Result pages" class="toolbar">
${request.page > 1 ? html`<a href="${pageLink(view, request.page - 1)}">Previous page</a>` : ''}
${request.page < view.pages ? html`<a href="${pageLink(view, request.page + 1)}">Next page</a>` : ''}
</nav>`
    : ''
}`;
  return html`<nav aria-label="Breadcrumb"><a href="/workbench">Jobs</a> › ${job.name} ›
<a href="/workbench/projects/${project.id}">${project.name}</a> › <a href="/workbench/documents/${document.id}">${document.name}</a> › Concordance</nav>
<h1>Concordance${request.fragment ? html`: «${request.fragment}»` : ''}</h1>
<p>${srclang} → ${trglang} · the memory of project ${project.name}${view.memory ? html` («${view.memory.name}»)` : ''}</p>
${concordanceForm(document.id, request)}
<section id="concordance-results" aria-label="Results">
${results}
</section>`;
}
