import {
  COMMENT_MAX_LENGTH,
  type CommentState,
  type CommentView,
  type JobCommentsView,
} from '../../services/workbench/comments.ts';
import { PAGE_SIZE } from '../../services/workbench/document-view.ts';
import { type Html, html } from '../html.ts';
import { moment, personLabel } from './history.ts';

/** Where a comment form sends the person back to: the editor, the segment's history page, or the job's comments. */
export type CommentBack = 'editor' | 'history' | 'job';

export interface CommentContext {
  documentId: number;
  segmentId: number;
  /** 1-based, as the editor numbers segments. */
  number: number;
  csrf: string;
  back: CommentBack;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The editor row's marker of a segment that has open comments. */
export function openCommentsMarker(open: number): Html | '' {
  if (open === 0) return '';
  return html`<span class="badge comment-marker">${plural(open, 'open comment', 'open comments')}</span>`;
}

/** The form that resolves an open comment or reopens a resolved one. */
export function resolveForm(
  comment: CommentView,
  options: { csrf: string; back: CommentBack; state?: CommentState; what: string },
): Html {
  const resolved = comment.resolvedAt !== null;
  return html`<form method="post" action="/workbench/comments/${comment.id}/${resolved ? 'reopen' : 'resolve'}" class="inline">
<input type="hidden" name="_csrf" value="${options.csrf}">
<input type="hidden" name="back" value="${options.back}">
${options.state ? html`<input type="hidden" name="state" value="${options.state}">` : ''}
<button type="submit">${resolved ? 'Reopen' : 'Resolve'}<span class="visually-hidden"> ${options.what}</span></button>
</form>`;
}

function stateLine(c: CommentView): Html {
  return c.resolvedAt === null
    ? html`<span class="badge open-badge">open</span>`
    : html`<span class="badge">resolved</span> <span class="muted">by ${personLabel(c.resolvedBy ?? '')} ${moment(c.resolvedAt)}</span>`;
}

/** A segment's comments, oldest first, each with its state and the button that flips it. */
export function commentList(comments: CommentView[], ctx: CommentContext): Html {
  if (comments.length === 0) return html`<p class="muted">No comments on this segment yet.</p>`;
  return html`<ol class="comments">
${comments.map(
  (c, i) => html`<li class="comment${c.resolvedAt === null ? '' : ' resolved'}">
<p class="comment-head"><strong>${personLabel(c.author)}</strong> <span class="muted">${moment(c.createdAt)}</span> ${stateLine(c)}</p>
<p class="comment-body">${c.body}</p>
${resolveForm(c, { csrf: ctx.csrf, back: ctx.back, what: `comment ${i + 1} on segment ${ctx.number}` })}
</li>`,
)}
</ol>`;
}

/** The form that adds a comment; `draft` and `problem` bring back refused text with the reason. */
export function commentForm(ctx: CommentContext, options: { draft?: string; problem?: string } = {}): Html {
  const id = `comment-${ctx.segmentId}`;
  const { problem } = options;
  return html`<form method="post" action="/workbench/documents/${ctx.documentId}/segments/${ctx.segmentId}/comments" class="comment-form">
<input type="hidden" name="_csrf" value="${ctx.csrf}">
<input type="hidden" name="back" value="${ctx.back}">
<label class="label" for="${id}">New comment<span class="visually-hidden"> on segment ${ctx.number}</span></label>
${problem ? html`<p class="notice problem" role="alert" id="${id}-problem">${problem}</p>` : ''}
<textarea id="${id}" name="body" maxlength="${COMMENT_MAX_LENGTH}" aria-describedby="${id}-help${problem ? ` ${id}-problem` : ''}"${problem ? html` aria-invalid="true" autofocus` : ''}>${options.draft ?? ''}</textarea>
<p class="muted" id="${id}-help">Plain text, at most ${COMMENT_MAX_LENGTH} characters. Seen by everyone working on this job.</p>
<button type="submit">Add comment<span class="visually-hidden"> to segment ${ctx.number}</span></button>
</form>`;
}

/** The editor at a segment: its page (unfiltered, PAGE_SIZE a page) and the focus on it. */
export function editorLink(documentId: number, segmentId: number, segmentNumber: number): string {
  const page = Math.floor((segmentNumber - 1) / PAGE_SIZE) + 1;
  return `/workbench/documents/${documentId}?${page > 1 ? `page=${page}&` : ''}focus=${segmentId}`;
}

const STATES: { state: CommentState; label: string }[] = [
  { state: 'open', label: 'Open' },
  { state: 'resolved', label: 'Resolved' },
  { state: 'all', label: 'All' },
];

function stateLink(view: JobCommentsView, state: CommentState, page = 1): string {
  const query = new URLSearchParams({ state });
  if (page > 1) query.set('page', String(page));
  return `/workbench/jobs/${view.job.id}/comments?${query}`;
}

/** A job's comments with an open/resolved filter and counts, each linking to its segment in the editor. */
export function jobCommentsPage(view: JobCommentsView, options: { csrf: string; notice: Html | '' }): Html {
  const { job, counts } = view;
  const count = (state: CommentState) =>
    state === 'open' ? counts.open : state === 'resolved' ? counts.resolved : counts.open + counts.resolved;
  const none =
    view.state === 'open'
      ? 'No open comments: every question on this job is resolved.'
      : view.state === 'resolved'
        ? 'No resolved comments yet.'
        : 'No comments on this job yet. Add one from a segment in the editor.';
  return html`<nav aria-label="Breadcrumb"><a href="/workbench">Jobs</a> › ${job.name} › Comments</nav>
<h1>Comments on ${job.name}</h1>
${options.notice}
<nav aria-label="Filter comments" class="toolbar filters">
${STATES.map(({ state, label }) =>
  state === view.state
    ? html`<a href="${stateLink(view, state)}" aria-current="page"><strong>${label} (${count(state)})</strong></a>`
    : html`<a href="${stateLink(view, state)}">${label} (${count(state)})</a>`,
)}
</nav>
${
  view.comments.length === 0
    ? html`<p>${none}</p>`
    : html`<table>
<caption class="visually-hidden">${STATES.find((s) => s.state === view.state)!.label} comments of ${job.name}</caption>
<thead><tr><th scope="col">Segment</th><th scope="col">Source</th><th scope="col">Comment</th><th scope="col">State</th></tr></thead>
<tbody>
${view.comments.map(
  (c) => html`<tr>
<td><a href="${editorLink(c.documentId, c.segmentId, c.segmentNumber)}">${c.documentName} (${c.trglang}), segment ${c.segmentNumber}</a>
<br><code class="muted">${c.unitId}</code></td>
<td class="text">${c.source}</td>
<td><p class="comment-body">${c.body}</p><p class="muted">${personLabel(c.author)} · ${moment(c.createdAt)}</p></td>
<td>${stateLine(c)}
${resolveForm(c, { csrf: options.csrf, back: 'job', state: view.state, what: `the comment on segment ${c.segmentNumber} of ${c.documentName} (${c.trglang})` })}</td>
</tr>`,
)}
</tbody>
</table>`
}
${
  view.pages > 1
    ? html`<nav aria-label="Pages" class="toolbar">
${view.page > 1 ? html`<a href="${stateLink(view, view.state, view.page - 1)}">Previous page</a>` : ''}
<span>Page ${view.page} of ${view.pages}</span>
${view.page < view.pages ? html`<a href="${stateLink(view, view.state, view.page + 1)}">Next page</a>` : ''}
</nav>`
    : ''
}`;
}
