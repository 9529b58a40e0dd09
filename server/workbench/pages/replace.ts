import type { ChangedText, Preview } from '../../services/workbench/replace.ts';
import type { ReplacementView } from '../../services/workbench/replacements.ts';
import { type Html, html } from '../html.ts';
import { editorLink, type FindQuery, highlighted, queryString } from './find.ts';
import { day } from './format.ts';

const tag = (lang: string, locale: string | null) => (locale ? `${lang}-${locale}` : lang);

function side(texts: ChangedText[], which: 'before' | 'after', lang: string): Html {
  return html`${texts.map((t) => {
    const text = which === 'before' ? t.before : t.after;
    const marked =
      which === 'before' ? highlighted(text, t.beforeRanges, 'del') : highlighted(text, t.afterRanges, 'ins');
    return html`${t.category !== undefined ? html`<span class="badge">${t.category}</span> ` : ''}<span lang="${lang}">${marked}</span>${t.category !== undefined ? html`<br>` : ''}`;
  })}`;
}

/** The criteria as hidden fields, so Apply replaces with exactly the search that was previewed. */
function hiddenQuery(query: FindQuery): Html {
  const fields: [string, string][] = [
    ['q', query.q],
    ['in', query.in],
    ['mode', query.mode],
    ['key', query.key],
    ['with', query.with],
    ...(query.case ? ([['case', '1']] as [string, string][]) : []),
    ...query.status.map((v): [string, string] => ['status', v]),
    ...query.qa.map((v): [string, string] => ['qa', v]),
    ...query.band.map((v): [string, string] => ['band', v]),
  ];
  return html`${fields.map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}`;
}

/** The preview: every change before and after, QA of the result, a tick per segment, Apply. */
export function previewPage(view: Preview, query: FindQuery, csrf: string): Html {
  const { document, project, job } = view;
  const trg = tag(project.trglang, project.trglocale);
  const back = `/workbench/documents/${document.id}/find?${queryString(query)}`;
  const flagged = view.changes.filter((c) => c.flagged).length;
  const versions = view.changes.map((c) => `${c.id}:${c.version}`).join(' ');
  return html`<nav aria-label="Breadcrumb"><a href="/workbench">Jobs</a> › ${job.name} ›
<a href="/workbench/projects/${project.id}">${project.name}</a> › <a href="/workbench/documents/${document.id}">${document.name}</a> › <a href="${back}">Find and replace</a> › Preview</nav>
<h1>Preview: replace “${query.q}” with “${query.with}”</h1>
${view.locked ? html`<p class="notice problem" role="alert">This project is done or its job was delivered: the document is read-only.</p>` : ''}
<p role="status"><strong>${view.changes.length}</strong> segment${view.changes.length === 1 ? '' : 's'} would change${flagged > 0 ? html`; <strong>${flagged}</strong> would break a placeholder and ${flagged === 1 ? 'is' : 'are'} not ticked` : ''}.
${view.more > 0 ? html` ${view.more} more match beyond the ${view.changes.length} a replace changes at once: apply these, then preview again for the rest.` : ''}</p>
<p class="muted">Replaced segments are saved as by you in the editor: they become Translated and need confirming again. Segments someone changes after this preview are skipped, not overwritten. One “Undo replace” reverts the whole replace.</p>
<p><a href="${back}">Back to find and replace</a></p>
${
  view.changes.length === 0
    ? html`<p>Nothing to replace: no translation of the filtered segments contains the search.</p>`
    : html`<form method="post" action="/workbench/documents/${document.id}/replace">
<input type="hidden" name="_csrf" value="${csrf}">
${hiddenQuery(query)}
<input type="hidden" name="versions" value="${versions}">
<table class="preview">
<caption class="visually-hidden">Changes of the replace, one row per segment</caption>
<thead><tr><th scope="col">Replace</th><th scope="col">Key</th><th scope="col">Before</th><th scope="col">After</th><th scope="col">QA of the result</th></tr></thead>
<tbody>
${view.changes.map(
  (c) => html`<tr>
<td><input type="checkbox" name="apply" value="${c.id}" id="apply-${c.id}"${c.flagged ? '' : html` checked`}><label for="apply-${c.id}" class="visually-hidden">Replace in ${c.unitId}</label></td>
<th scope="row"><a href="${editorLink(document.id, c)}">${c.unitId}</a> <span class="muted">#${c.number} · ${c.status}</span></th>
<td>${side(c.texts, 'before', trg)}</td>
<td>${side(c.texts, 'after', trg)}</td>
<td>${
    c.issuesAfter.length === 0
      ? html`<span class="muted">No issues</span>`
      : html`<ul class="qa">${c.issuesAfter.map((i) => html`<li>⚠ ${i.message}</li>`)}</ul>${c.flagged ? html`<strong>Breaks a placeholder: not ticked.</strong>` : html`<span class="muted">(already there before)</span>`}`
  }</td>
</tr>`,
)}
</tbody>
</table>
<div class="actions">
<button class="primary" type="submit"${view.locked ? html` disabled` : ''}>Apply replace</button>
<a href="${back}">Cancel</a>
</div>
</form>`
}`;
}

const REASONS: Record<string, string> = {
  changed: 'changed by someone after the preview',
  gone: 'no longer in the document',
  unchanged: 'the search no longer matches',
};

/** A replace that was applied: what changed, what was skipped and why, and its undo. */
export function replacementPage(view: ReplacementView, csrf: string, notice: Html | ''): Html {
  const { record, owned } = view;
  const { document, project, job } = owned;
  const trg = tag(project.trglang, project.trglocale);
  const findLink = `/workbench/documents/${document.id}/find`;
  return html`<nav aria-label="Breadcrumb"><a href="/workbench">Jobs</a> › ${job.name} ›
<a href="/workbench/projects/${project.id}">${project.name}</a> › <a href="/workbench/documents/${document.id}">${document.name}</a> › <a href="${findLink}">Find and replace</a> › Replace ${record.id}</nav>
<h1>Replace “${record.pattern}” with “${record.replacement}”</h1>
${notice}
<p>${record.mode === 'regex' ? 'Regular expression' : 'Plain text'}${record.match_case ? ', case-sensitive' : ''} · ${record.segment_count} segment${record.segment_count === 1 ? '' : 's'} changed by ${record.created_by ?? 'API key user'} on ${day(record.created_at)}.</p>
${
  record.undone_at !== null
    ? html`<p class="notice">Undone by ${record.undone_by ?? 'API key user'} on ${day(record.undone_at)}.</p>`
    : record.segment_count > 0
      ? html`<form method="post" action="/workbench/documents/${document.id}/replacements/${record.id}/undo">
<input type="hidden" name="_csrf" value="${csrf}">
<button type="submit"${view.locked ? html` disabled` : ''}>Undo replace</button>
<span class="muted">Puts back every segment’s previous translation and status, except segments changed since.</span>
</form>`
      : ''
}
${
  view.skipped.length > 0
    ? html`<h2>Skipped</h2>
<ul>${view.skipped.map(
        (s) =>
          html`<li>${s.unitId ? html`<a href="${editorLink(document.id, { id: s.id, editorPage: s.editorPage ?? 1 })}">${s.unitId}</a>` : `segment ${s.id}`}: ${REASONS[s.reason] ?? s.reason}</li>`,
      )}</ul>`
    : ''
}
${
  view.segments.length > 0
    ? html`<h2>Changed</h2>
<table>
<caption class="visually-hidden">Segments the replace changed</caption>
<thead><tr><th scope="col">Key</th><th scope="col">Before</th><th scope="col">After</th></tr></thead>
<tbody>
${view.segments.map(
  (s) => html`<tr><th scope="row"><a href="${editorLink(document.id, s)}">${s.unitId}</a></th>
<td lang="${trg}">${stateText(s.before)}</td><td lang="${trg}">${stateText(s.after)}</td></tr>`,
)}
</tbody>
</table>`
    : ''
}
<p><a href="${findLink}">Back to find and replace</a></p>`;
}

function stateText(state: { target: string | null; target_plural: string | null; status: string }): Html {
  const text =
    state.target_plural !== null
      ? Object.entries(JSON.parse(state.target_plural) as Record<string, string>)
          .map(([c, t]) => `${c}: ${t}`)
          .join(' | ')
      : (state.target ?? '');
  return html`${text} <span class="badge">${state.status}</span>`;
}
