import type { DocumentView } from '../../services/workbench/document-view.ts';
import { openStatuses } from '../../services/workbench/progress.ts';
import { type Html, html } from '../html.ts';
import { progressBar } from './format.ts';
import { segmentItem } from './segment.ts';

const tag = (lang: string, locale: string | null) => (locale ? `${lang}-${locale}` : lang);

function pageLink(view: DocumentView, page: number): string {
  const query = new URLSearchParams();
  if (view.unconfirmedOnly) query.set('filter', 'unconfirmed');
  if (page > 1) query.set('page', String(page));
  const q = query.toString();
  return `/workbench/documents/${view.document.id}${q ? `?${q}` : ''}`;
}

function pagination(view: DocumentView): Html | '' {
  if (view.pages <= 1) return '';
  return html`<nav aria-label="Pages" class="toolbar">
${view.page > 1 ? html`<a href="${pageLink(view, view.page - 1)}">Previous page</a>` : ''}
<span>Page ${view.page} of ${view.pages}</span>
${view.page < view.pages ? html`<a href="${pageLink(view, view.page + 1)}">Next page</a>` : ''}
</nav>`;
}

/** The editor: every segment of the page with its source, translation, QA, TM and MT. */
export function documentPage(
  view: DocumentView,
  options: { csrf: string; focusId: number | undefined; notice: Html | '' },
): Html {
  const { document, project, job, stage } = view;
  const locked = job.status !== 'active' || stage.isLast;
  const ctx = {
    documentId: document.id,
    csrf: options.csrf,
    srclang: tag(project.srclang, project.srclocale),
    trglang: tag(project.trglang, project.trglocale),
    targetCategories: view.targetCategories,
    focusId: options.focusId,
    locked,
    unconfirmedOnly: view.unconfirmedOnly,
    open: openStatuses(stage),
  };
  return html`<nav aria-label="Breadcrumb"><a href="/workbench">Jobs</a> › ${job.name} ›
<a href="/workbench/projects/${project.id}">${project.name}</a> › ${document.name}</nav>
<h1>${document.name}</h1>
${options.notice}
${view.mtProblem ? html`<p class="notice problem" role="alert">${view.mtProblem}</p>` : ''}
${locked ? html`<p class="notice">This project is done or its job was delivered: the document is read-only.</p>` : ''}
<p>${ctx.srclang} → ${ctx.trglang} · stage ${stage.name} · ${progressBar(view.progress, 'Progress of this document')}</p>
<div class="toolbar">
<a href="/workbench/documents/${document.id}/find">Find and replace</a>
<form method="get" action="/workbench/documents/${document.id}">
<input type="checkbox" id="only-open" name="filter" value="unconfirmed"${view.unconfirmedOnly ? html` checked` : ''}>
<label for="only-open">Show only unconfirmed segments</label>
<button type="submit">Apply filter</button>
</form>
<form method="post" action="/workbench/documents/${document.id}/confirm-all">
<input type="hidden" name="_csrf" value="${options.csrf}">
<button type="submit"${locked ? html` disabled` : ''}>Confirm all translated segments</button>
</form>
</div>
<p class="muted">Keyboard: Tab moves between fields and buttons; Ctrl+Enter in a translation confirms it and moves to the next unconfirmed segment.</p>
${
  view.segments.length === 0
    ? html`<p>${view.unconfirmedOnly ? 'No unconfirmed segments: everything here is confirmed.' : 'This document has no segments.'}</p>`
    : html`<ol class="segments">${view.segments.map((s) => segmentItem(s, ctx))}</ol>`
}
${pagination(view)}`;
}
