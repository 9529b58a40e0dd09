import {
  BANDS,
  type Facets,
  type FoundSegment,
  type FoundText,
  QA_VALUES,
  STATUSES,
} from '../../services/workbench/find.ts';
import type { DocumentFind, JobFind } from '../../services/workbench/find-results.ts';
import type { Range } from '../../services/workbench/text-match.ts';
import { type Html, html } from '../html.ts';
import { day } from './format.ts';

/** The find form's fields as the request gave them (echoed back into the form and links). */
export interface FindQuery {
  q: string;
  in: string;
  mode: string;
  case: boolean;
  key: string;
  status: string[];
  qa: string[];
  band: string[];
  with: string;
}

/** The query string of a search (for links to another page of it, or to another document). */
export function queryString(query: FindQuery, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (query.q !== '') params.set('q', query.q);
  if (query.in !== 'both') params.set('in', query.in);
  if (query.mode === 'regex') params.set('mode', 'regex');
  if (query.case) params.set('case', '1');
  if (query.key !== '') params.set('key', query.key);
  for (const name of ['status', 'qa', 'band'] as const) for (const v of query[name]) params.append(name, v);
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  return params.toString();
}

/** `text` with the ranges wrapped in `tag` (mark, del or ins). */
export function highlighted(text: string, ranges: readonly Range[], tag: 'mark' | 'del' | 'ins'): Html {
  const parts: Html[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (end <= start) continue;
    const piece = text.slice(start, end);
    parts.push(
      html`${text.slice(at, start)}${tag === 'mark' ? html`<mark>${piece}</mark>` : tag === 'del' ? html`<del>${piece}</del>` : html`<ins>${piece}</ins>`}`,
    );
    at = end;
  }
  return html`${parts}${text.slice(at)}`;
}

function texts(list: FoundText[], lang: string): Html {
  if (list.length === 0) return html`<span class="muted">(empty)</span>`;
  if (list.length === 1 && list[0]!.category === undefined)
    return html`<span lang="${lang}">${highlighted(list[0]!.text, list[0]!.ranges, 'mark')}</span>`;
  return html`${list.map(
    (t) =>
      html`<span class="badge">${t.category ?? ''}</span> <span lang="${lang}">${highlighted(t.text, t.ranges, 'mark')}</span><br>`,
  )}`;
}

/** Link to a segment in the editor (on its page, focused). */
export function editorLink(documentId: number, s: { id: number; editorPage: number }): string {
  const page = s.editorPage > 1 ? `page=${s.editorPage}&` : '';
  return `/workbench/documents/${documentId}?${page}focus=${s.id}`;
}

/** The compact result table: key, source, target with the match marked, status, link. */
export function resultTable(
  results: FoundSegment[],
  langs: { src: string; trg: string },
  caption: string,
): Html {
  return html`<table class="results">
<caption class="visually-hidden">${caption}</caption>
<thead><tr><th scope="col">Key</th><th scope="col">Source</th><th scope="col">Target</th><th scope="col">Status</th></tr></thead>
<tbody>
${results.map(
  (s) => html`<tr>
<th scope="row"><a href="${editorLink(s.documentId, s)}">${s.unitId}</a> <span class="muted">#${s.number}</span></th>
<td>${texts(s.source, langs.src)}</td>
<td>${texts(s.target, langs.trg)}${s.issues.length > 0 ? html`<ul class="qa">${s.issues.map((i) => html`<li>⚠ ${i.message}</li>`)}</ul>` : ''}</td>
<td><span class="badge">${s.status}</span> <span class="muted">TM ${Math.floor(s.matchScore)} %</span></td>
</tr>`,
)}
</tbody>
</table>`;
}

const STATUS_LABELS: Record<string, string> = {
  new: 'New',
  draft: 'Draft',
  translated: 'Translated',
  confirmed: 'Confirmed',
  reviewed: 'Reviewed',
};

function checkboxes(
  name: 'status' | 'qa' | 'band',
  legend: string,
  values: readonly { id: string; label: string }[],
  counts: Record<string, number> | undefined,
  chosen: string[],
): Html {
  return html`<fieldset><legend>${legend}</legend>
${values.map(
  (v) =>
    html`<label><input type="checkbox" name="${name}" value="${v.id}"${chosen.includes(v.id) ? html` checked` : ''}> ${v.label}${counts ? html` <span class="muted">${counts[v.id] ?? 0}</span>` : ''}</label> `,
)}
</fieldset>`;
}

/** "Draft 12 · Confirmed 30": the non-zero counts of a filter, as one line. */
function countLine(values: readonly { id: string; label: string }[], counts: Record<string, number>): string {
  const parts = values.filter((v) => (counts[v.id] ?? 0) > 0).map((v) => `${v.label} ${counts[v.id]}`);
  return parts.length === 0 ? 'none' : parts.join(' · ');
}

const statusValues = STATUSES.map((s) => ({ id: s, label: STATUS_LABELS[s] ?? s }));

/** The filter and search form; `replace` adds "Replace with" and the preview button. */
export function findForm(
  action: string,
  query: FindQuery,
  facets: Facets | undefined,
  options: { replace?: { action: string; locked: boolean } | undefined; problem?: string | undefined },
): Html {
  const scope = (value: string, label: string) =>
    html`<label><input type="radio" name="in" value="${value}"${query.in === value ? html` checked` : ''}> ${label}</label> `;
  return html`<form method="get" action="${action}" class="find-form" role="search">
<div class="pair">
<p><label class="label" for="find-q">Find</label>
<input type="text" id="find-q" name="q" value="${query.q}" spellcheck="false" aria-describedby="find-help${options.problem ? ' find-problem' : ''}"${options.problem ? html` aria-invalid="true"` : ''}>
<span id="find-help" class="muted">Plain text, or a JavaScript regular expression when “Regular expression” is ticked.</span></p>
<p><label class="label" for="find-key">Key</label>
<input type="text" id="find-key" name="key" value="${query.key}" spellcheck="false" aria-describedby="key-help">
<span id="key-help" class="muted">Part of the key, or a pattern with * and ? (checkout.*).</span></p>
</div>
${options.problem ? html`<p class="notice problem" role="alert" id="find-problem">${options.problem}</p>` : ''}
<div class="toolbar">
<fieldset><legend>Search in</legend>${scope('both', 'Source and target')}${scope('source', 'Source')}${scope('target', 'Target')}</fieldset>
<fieldset><legend>Options</legend>
<label><input type="checkbox" name="mode" value="regex"${query.mode === 'regex' ? html` checked` : ''}> Regular expression</label>
<label><input type="checkbox" name="case" value="1"${query.case ? html` checked` : ''}> Match case</label>
</fieldset>
</div>
<div class="toolbar">
${checkboxes('status', 'Status', statusValues, facets?.status, query.status)}
${checkboxes('qa', 'QA', QA_VALUES, facets?.qa, query.qa)}
${checkboxes('band', 'TM match', BANDS, facets?.band, query.band)}
</div>
${
  options.replace
    ? html`<p><label class="label" for="find-with">Replace with</label>
<input type="text" id="find-with" name="with" value="${query.with}" spellcheck="false" aria-describedby="with-help">
<span id="with-help" class="muted">Replaces in translations only, every plural form. With a regular expression, $1, $2… and $&lt;name&gt; insert its groups, $&amp; the whole match.</span></p>`
    : ''
}
<div class="actions">
<button class="primary" type="submit">Find</button>
${
  options.replace
    ? html`<button type="submit" formaction="${options.replace.action}"${options.replace.locked ? html` disabled aria-describedby="locked-help"` : ''}>Preview replace</button>
${options.replace.locked ? html`<span id="locked-help" class="muted">The document is read-only (done or delivered).</span>` : ''}`
    : ''
}
</div>
</form>`;
}

function summary(view: { facets: Facets; total: number; segments: number }): Html {
  return html`<p role="status"><strong>${view.total}</strong> of ${view.segments} segments match.
<span class="muted">Status: ${countLine(statusValues, view.facets.status)}. QA: ${countLine(QA_VALUES, view.facets.qa)}. TM: ${countLine(BANDS, view.facets.band)}.</span></p>`;
}

const tag = (lang: string, locale: string | null) => (locale ? `${lang}-${locale}` : lang);

/** Find in a document: the form with counts, one page of results, recent replaces. */
export function documentFindPage(view: DocumentFind, query: FindQuery, notice: Html | ''): Html {
  const { document, project, job } = view;
  const base = `/workbench/documents/${document.id}/find`;
  const langs = {
    src: tag(project.srclang, project.srclocale),
    trg: tag(project.trglang, project.trglocale),
  };
  return html`<nav aria-label="Breadcrumb"><a href="/workbench">Jobs</a> › ${job.name} ›
<a href="/workbench/projects/${project.id}">${project.name}</a> › <a href="/workbench/documents/${document.id}">${document.name}</a> › Find and replace</nav>
<h1>Find and replace in ${document.name}</h1>
${notice}
<p><a href="/workbench/jobs/${job.id}/find?${queryString(query)}">Search every document of ${job.name}</a></p>
${findForm(base, query, view.facets, { replace: { action: `/workbench/documents/${document.id}/replace`, locked: view.locked } })}
<h2>Results</h2>
${summary(view)}
${view.results.length > 0 ? resultTable(view.results, langs, `Segments of ${document.name} matching the search`) : ''}
${
  view.pages > 1
    ? html`<nav aria-label="Result pages" class="toolbar">
${view.page > 1 ? html`<a href="${base}?${queryString(query, { page: String(view.page - 1) })}">Previous page</a>` : ''}
<span>Page ${view.page} of ${view.pages}</span>
${view.page < view.pages ? html`<a href="${base}?${queryString(query, { page: String(view.page + 1) })}">Next page</a>` : ''}
</nav>`
    : ''
}
${
  view.recent.length > 0
    ? html`<h2>Recent replaces</h2>
<ul>${view.recent.map(
        (
          r,
        ) => html`<li><a href="/workbench/documents/${document.id}/replacements/${r.id}">“${r.pattern}” → “${r.replacement}”</a>
<span class="muted">${r.segment_count} segments · ${r.created_by ?? 'API key user'} · ${day(r.created_at)}${r.undone_at !== null ? ' · undone' : ''}</span></li>`,
      )}</ul>`
    : ''
}`;
}

/** The form alone with the problem (an invalid or too slow regular expression). */
export function findProblemPage(
  heading: string,
  crumbs: Html,
  action: string,
  query: FindQuery,
  problem: string,
  replace: { action: string; locked: boolean } | undefined,
): Html {
  return html`${crumbs}
<h1>${heading}</h1>
${findForm(action, query, undefined, { replace, problem })}`;
}

/** Find across a job: every document's matches, grouped, with links to the document's own search. */
export function jobFindPage(view: JobFind, query: FindQuery): Html {
  const { job } = view;
  return html`<nav aria-label="Breadcrumb"><a href="/workbench">Jobs</a> › ${job.name} › Find</nav>
<h1>Find in job ${job.name}</h1>
${findForm(`/workbench/jobs/${job.id}/find`, query, view.facets, {})}
<h2>Results</h2>
${summary(view)}
${
  view.notSearched.length > 0
    ? html`<p class="notice">Not searched: ${view.notSearched.map((d, i) => html`${i > 0 ? ', ' : ''}${d.name} (${d.reason})`)}.</p>`
    : ''
}
${view.documents.map((d) => {
  const langs = {
    src: tag(d.project.srclang, d.project.srclocale),
    trg: tag(d.project.trglang, d.project.trglocale),
  };
  const link = `/workbench/documents/${d.document.id}/find?${queryString(query)}`;
  return html`<section aria-labelledby="doc-${d.document.id}">
<h3 id="doc-${d.document.id}">${d.document.name} <span class="muted">(${langs.src} → ${langs.trg}) · ${d.total} match${d.total === 1 ? '' : 'es'}</span></h3>
${d.results.length > 0 ? resultTable(d.results, langs, `Matches in ${d.document.name} (${langs.trg})`) : ''}
${d.total > 0 ? html`<p><a href="${link}">${d.total > d.results.length ? `All ${d.total} matches` : 'Open'} in ${d.document.name} (${langs.trg}) to filter or replace</a></p>` : ''}
</section>`;
})}`;
}
