import type { DocumentView, EditorSegment } from '../../services/workbench/document-view.ts';
import { openStatuses } from '../../services/workbench/progress.ts';
import type { Navigation } from '../../services/workbench/segment-navigation.ts';
import { type Html, html } from '../html.ts';
import { glossaryCardPanels, referencesCardPanels } from './card-panels.ts';
import { codeLinksPanels } from './code-links.ts';
import { progressBar } from './format.ts';
import { screenshotPanels } from './screenshots.ts';
import { type CardPanel, segmentItem } from './segment.ts';

/**
 * The extension point of the segment card: each entry gives the panels it adds to one segment's
 * full card (none for segments it has nothing to say about), in the card's order. Add a panel by
 * inserting a function here; it gets the segment and the whole page's view (fill what it needs in
 * `document-view.ts`). Its body holds no form (see `CardPanel`).
 */
export const CARD_PANELS: ((s: EditorSegment, view: DocumentView) => CardPanel[])[] = [
  glossaryCardPanels,
  codeLinksPanels,
  screenshotPanels,
  referencesCardPanels,
];

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

/** The "go to" links: each a plain link to the server's navigation; the script moves within the page when it can. */
const NAVIGATION_LINKS: { to: Navigation; label: string; key: string; help: string }[] = [
  { to: 'previous', label: 'Previous', key: 'Alt+ArrowUp', help: 'Go to the previous segment' },
  { to: 'next', label: 'Next', key: 'Alt+ArrowDown', help: 'Go to the next segment' },
  {
    to: 'untranslated',
    label: 'Next untranslated',
    key: 'Alt+N',
    help: 'Go to the next untranslated segment',
  },
  { to: 'qa', label: 'Next with QA issues', key: 'Alt+Q', help: 'Go to the next segment with QA issues' },
];

function navigation(view: DocumentView, focusId: number | undefined): Html {
  const from = focusId ?? 0;
  const filter = view.unconfirmedOnly ? '&filter=unconfirmed' : '';
  return html`<nav aria-label="Segments" class="segment-nav">
${NAVIGATION_LINKS.map(
  (n) =>
    html`<a href="/workbench/documents/${view.document.id}/go?to=${n.to}&from=${from}${filter}" data-nav="${n.to}" data-shortcut="${n.key}" data-shortcut-help="${n.help}" aria-keyshortcuts="${n.key}">${n.label} <kbd>${n.key.replace('ArrowUp', '↑').replace('ArrowDown', '↓')}</kbd></a>`,
)}
</nav>`;
}

/**
 * The keyboard shortcuts overlay: the script fills its table from every `data-shortcut` of the
 * page when it opens, so buttons added anywhere list themselves.
 */
function shortcutsDialog(): Html {
  return html`<dialog id="shortcuts" aria-labelledby="shortcuts-title">
<div class="dialog-head"><h2 id="shortcuts-title">Keyboard shortcuts</h2>
<form method="dialog"><button type="submit" autofocus>Close <kbd>Esc</kbd></button></form></div>
<table>
<thead><tr><th scope="col">Keys</th><th scope="col">Action</th></tr></thead>
<tbody id="shortcut-list"></tbody>
<tbody>
<tr><td><kbd>Ctrl+Z</kbd> / <kbd>Ctrl+Shift+Z</kbd></td><td>Undo / redo the last change to the translation (the browser’s own undo; insertions and fills are undoable)</td></tr>
<tr><td><kbd>Tab</kbd> / <kbd>Shift+Tab</kbd></td><td>Move between fields and buttons; the focused segment opens as the full card</td></tr>
<tr><td><kbd>Escape</kbd></td><td>Close this overlay</td></tr>
</tbody>
</table>
<p class="muted">On macOS, Ctrl also works as ⌘ and Alt is ⌥.</p>
</dialog>`;
}

/** The editor: a compact list of the page's segments, the focused one opened as the full card. */
export function documentPage(
  view: DocumentView,
  options: { csrf: string; focusId: number | undefined; notice: Html | ''; seenAt?: number },
): Html {
  const { document, project, job, stage } = view;
  const locked = job.status !== 'active' || stage.isLast;
  const focusId = view.segments.some((s) => s.id === options.focusId) ? options.focusId : undefined;
  const ctx = {
    documentId: document.id,
    csrf: options.csrf,
    srclang: tag(project.srclang, project.srclocale),
    trglang: tag(project.trglang, project.trglocale),
    targetCategories: view.targetCategories,
    focusId,
    locked,
    unconfirmedOnly: view.unconfirmedOnly,
    open: openStatuses(stage),
    pageUrl: pageLink(view, view.page),
    jobId: job.id,
  };
  return html`<div class="editor">
<nav aria-label="Breadcrumb"><a href="/workbench">Jobs</a> › ${job.name} ›
<a href="/workbench/projects/${project.id}">${project.name}</a> › ${document.name}</nav>
<h1>${document.name}</h1>
<p><a href="/workbench/documents/${document.id}/xliff">Download XLIFF / Upload XLIFF</a></p>
${options.notice}
${view.mtProblem ? html`<p class="notice problem" role="alert">${view.mtProblem}</p>` : ''}
${locked ? html`<p class="notice">This project is done or its job was delivered: the document is read-only.</p>` : ''}
<p class="summary">${ctx.srclang} → ${ctx.trglang} · stage ${stage.name} · ${progressBar(view.progress, 'Progress of this document')}</p>
<div class="toolbar">
<a href="/workbench/documents/${document.id}/find">Find and replace</a>
<form method="get" action="/workbench/documents/${document.id}">
<input type="checkbox" id="only-open" name="filter" value="unconfirmed"${view.unconfirmedOnly ? html` checked` : ''}>
<label for="only-open">Show only unconfirmed segments</label>
<button type="submit">Apply filter</button>
</form>
<form method="post" action="/workbench/documents/${document.id}/confirm-all">
<input type="hidden" name="_csrf" value="${options.csrf}">
${options.seenAt === undefined ? '' : html`<input type="hidden" name="seen" value="${options.seenAt}">`}
<button type="submit"${locked ? html` disabled` : ''}>Confirm all translated segments</button>
</form>
<button type="button" class="needs-script" data-opens="shortcuts" data-shortcut="?" data-shortcut-help="Show the keyboard shortcuts" aria-keyshortcuts="?" aria-haspopup="dialog">Keyboard shortcuts <kbd>?</kbd></button>
</div>
${navigation(view, focusId)}
${shortcutsDialog()}
${
  view.segments.length === 0
    ? html`<p>${view.unconfirmedOnly ? 'No unconfirmed segments: everything here is confirmed.' : 'This document has no segments.'}</p>`
    : html`<div class="columns" aria-hidden="true"><span>Key · notes</span><span>Source (${ctx.srclang})</span><span>Translation (${ctx.trglang})</span><span>Status</span><span></span></div>
<ol class="segments">${view.segments.map((s) =>
        segmentItem(s, { ...ctx, panels: CARD_PANELS.flatMap((panel) => panel(s, view)) }),
      )}</ol>`
}
${pagination(view)}
</div>`;
}
