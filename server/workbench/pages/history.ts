import type { PluralForms } from '../../../src/formats/model.ts';
import type { SegmentHistoryView, SegmentRecord, VersionView } from '../../services/workbench/history.ts';
import type { VersionAction } from '../../store/schema.ts';
import { type Html, html } from '../html.ts';
import { type CommentBack, type CommentContext, commentForm, commentList } from './comments.ts';

/** A panel of a segment's full card (the editor's `CardPanel` slot): an id, a title and its content. */
export interface RecordPanel {
  id: string;
  title: string;
  body: Html;
}

/** A moment as `2026-11-29 07:41 UTC` in a machine-readable <time>. */
export function moment(ms: number): Html {
  const iso = new Date(ms).toISOString();
  return html`<time datetime="${iso}">${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC</time>`;
}

const MACHINES: Record<string, string> = {
  tm: 'Translation memory',
  mt: 'Machine translation',
  import: 'File import',
};

/** Who wrote something: a person's email, the machine by name, or "API key user" for a user without email. */
export function personLabel(author: string): string {
  return Object.hasOwn(MACHINES, author) ? MACHINES[author]! : author || 'API key user';
}

const ACTIONS: Record<VersionAction, string> = {
  save: 'saved',
  confirm: 'confirmed',
  'confirm-all': 'confirmed with “Confirm all”',
  replace: 'changed with “Replace”',
  'undo-replace': 'undid a “Replace”',
  restore: 'restored an earlier version',
  pretranslate: 'pretranslated',
  import: 'imported',
};

function versionText(v: VersionView, trglang: string): Html {
  const forms: PluralForms | undefined = v.targetPlural;
  if (forms)
    return html`<dl class="version-text" lang="${trglang}">${Object.entries(forms).map(([c, t]) => html`<dt>${c}</dt><dd>${t}</dd>`)}</dl>`;
  if (v.target === null) return html`<p class="version-text muted">(empty)</p>`;
  return html`<p class="version-text" lang="${trglang}">${v.target}</p>`;
}

export interface HistoryContext {
  documentId: number;
  segmentId: number;
  /** 1-based, as the editor numbers segments. */
  number: number;
  csrf: string;
  trglang: string;
  /** Done or delivered: nothing can be restored. */
  locked: boolean;
  back: CommentBack;
}

/** A segment's versions, newest first, each with who, when, how and a Restore button (but the current text). */
export function versionList(versions: VersionView[], ctx: HistoryContext): Html {
  if (versions.length === 0) return html`<p class="muted">No recorded changes yet.</p>`;
  return html`<ol class="versions">
${versions.map(
  (v) => html`<li>
<p class="version-head"><strong>${personLabel(v.author)}</strong> ${ACTIONS[v.action]} · ${moment(v.at)} · <span class="badge">${v.status}</span>${v.current ? html` <span class="badge current">current text</span>` : ''}</p>
${versionText(v, ctx.trglang)}
${
  !v.restorable || ctx.locked
    ? ''
    : html`<form method="post" action="/workbench/documents/${ctx.documentId}/segments/${ctx.segmentId}/restore" class="inline">
<input type="hidden" name="_csrf" value="${ctx.csrf}">
<input type="hidden" name="version" value="${v.id}">
<input type="hidden" name="back" value="${ctx.back}">
<button type="submit">Restore<span class="visually-hidden"> the version of segment ${ctx.number} ${ACTIONS[v.action]} by ${personLabel(v.author)} at ${new Date(v.at).toISOString()}</span></button>
</form>`
}
</li>`,
)}
</ol>`;
}

/** The memory's entries for the segment's source: what TM will offer, who wrote it and when. */
export function memoryList(record: SegmentRecord, trglang: string): Html {
  if (record.memory.length === 0)
    return html`<p class="muted">The project’s memory holds no translation of this source yet.</p>`;
  return html`<ul class="memory-records">
${record.memory.map(
  (m) => html`<li><span class="text" lang="${trglang}">${m.target}</span>
<span class="muted">— ${m.imported ? 'imported' : personLabel(m.userEmail ?? '')}${m.resourceName ? `, ${m.resourceName}` : ''}, ${moment(m.at)}</span></li>`,
)}
</ul>`;
}

function historyBody(record: SegmentRecord, ctx: HistoryContext): Html {
  const more = record.versionCount - record.versions.length;
  return html`${versionList(record.versions, ctx)}
<p><a href="/workbench/documents/${ctx.documentId}/segments/${ctx.segmentId}/history">${more > 0 ? `All ${record.versionCount} versions` : 'History page'}<span class="visually-hidden"> of segment ${ctx.number}</span></a></p>
<h4 class="small-heading">In the memory</h4>
${memoryList(record, ctx.trglang)}`;
}

/**
 * The history and comments panels of a segment's card (ids `history-<segment>` and
 * `comments-<segment>`, what links to them name). They hold forms (Restore, Resolve, Add
 * comment), so the editor renders them after the segment's form: forms do not nest.
 */
export function recordPanels(
  s: { id: number; position: number; record: SegmentRecord },
  ctx: Omit<HistoryContext, 'segmentId' | 'number' | 'back'> & { jobId?: number | undefined },
): RecordPanel[] {
  const number = s.position + 1;
  const own = { ...ctx, segmentId: s.id, number, back: 'editor' as const };
  const comments: CommentContext = { ...own };
  const { record } = s;
  return [
    {
      id: 'history',
      title: `History (${record.versionCount} ${record.versionCount === 1 ? 'version' : 'versions'})`,
      body: historyBody(record, own),
    },
    {
      id: 'comments',
      title:
        record.comments.length === 0
          ? 'Comments (none)'
          : `Comments (${record.openComments} open of ${record.comments.length})`,
      body: html`${commentList(record.comments, comments)}
${commentForm(comments)}
${ctx.jobId === undefined ? '' : html`<p><a href="/workbench/jobs/${ctx.jobId}/comments">All comments of this job</a></p>`}`,
    },
  ];
}

/** One segment's whole record: source and text now, every version with Restore, the memory's entries, the comments. */
export function historyPage(
  view: SegmentHistoryView,
  options: { csrf: string; notice: Html | ''; draft?: string; problem?: string },
): Html {
  const { document, project, job, segment, record } = view;
  const tag = (lang: string, locale: string | null) => (locale ? `${lang}-${locale}` : lang);
  const number = segment.position + 1;
  const { locked } = view;
  const ctx: HistoryContext = {
    documentId: document.id,
    segmentId: segment.id,
    number,
    csrf: options.csrf,
    trglang: tag(project.trglang, project.trglocale),
    locked,
    back: 'history',
  };
  const editor = `/workbench/documents/${document.id}?focus=${segment.id}`;
  const srclang = tag(project.srclang, project.srclocale);
  return html`<nav aria-label="Breadcrumb"><a href="/workbench">Jobs</a> › ${job.name} ›
<a href="/workbench/projects/${project.id}">${project.name}</a> › <a href="${editor}">${document.name}</a> › Segment ${number}</nav>
<h1>Segment ${number}: history and comments</h1>
${options.notice}
${locked ? html`<p class="notice">This project is done or its job was delivered: versions can no longer be restored.</p>` : ''}
<dl>
<dt>Key</dt><dd><code>${segment.unit_id}</code></dd>
<dt>Source (${srclang})</dt><dd class="text" lang="${srclang}">${
    segment.source_plural
      ? Object.entries(JSON.parse(segment.source_plural) as PluralForms).map(([c, t]) => html`${c}: ${t} `)
      : segment.source
  }</dd>
<dt>Status</dt><dd>${segment.status}</dd>
</dl>
<p><a href="${editor}">Back to the segment in the editor</a> · <a href="/workbench/jobs/${job.id}/comments">All comments of this job</a></p>
<h2 id="history-${segment.id}">Versions (${record.versionCount})</h2>
${versionList(record.versions, ctx)}
<h2>In the memory</h2>
${memoryList(record, ctx.trglang)}
<h2 id="comments-${segment.id}">Comments (${record.openComments} open)</h2>
${commentList(record.comments, ctx)}
${commentForm(ctx, { draft: options.draft, problem: options.problem })}`;
}
