import type { PluralCategory, PluralForms } from '../../../src/formats/model.ts';
import type { XliffConflict, XliffUploadResult } from '../../services/workbench/xliff-upload.ts';
import type { DocumentSegmentRow } from '../../store/jobs/segments.ts';
import { type Html, html } from '../html.ts';

const parsePlural = (json: string | null) => (json === null ? undefined : (JSON.parse(json) as PluralForms));

/** A text or plural forms as read-only text (each form labelled); an em dash for none. */
function shown(value: string | PluralForms | null | undefined, lang: string, id?: string): Html {
  const idAttr = id ? html` id="${id}"` : '';
  if (value === undefined)
    return html`<p class="muted"${idAttr}>Not known (the file lost its workbench data).</p>`;
  if (value === null || value === '') return html`<p class="muted"${idAttr}>No translation.</p>`;
  if (typeof value === 'string') return html`<p class="source-text" lang="${lang}"${idAttr}>${value}</p>`;
  return html`<dl class="source-text" lang="${lang}"${idAttr}>${Object.entries(value).map(
    ([c, t]) => html`<dt>${c}</dt><dd>${t}</dd>`,
  )}</dl>`;
}

export interface SegmentConflict {
  documentId: number;
  documentName: string;
  csrf: string;
  srclang: string;
  trglang: string;
  targetCategories: PluralCategory[];
  /** The segment as it is now (someone else's save). */
  current: DocumentSegmentRow;
  /** The text this user tried to save. */
  yours: { target: string } | { targetPlural: PluralForms };
  action: 'save' | 'confirm';
  unconfirmedOnly: boolean;
  /** Back to the editor on the page holding the segment, with the focus on it. */
  keepTheirs: string;
}

/**
 * A save refused because someone else saved the segment since the form was opened: their text
 * and this user's side by side, with "keep theirs" (back to the editor) and "overwrite with mine"
 * (the user's text, still editable, saved against the revision shown here).
 */
export function segmentConflictPage(c: SegmentConflict): Html {
  const s = c.current;
  const theirs = s.source_plural ? (parsePlural(s.target_plural) ?? null) : s.target;
  const when = new Date(s.updated_at).toISOString().replace('T', ' ').slice(0, 16);
  const fields =
    'targetPlural' in c.yours
      ? c.targetCategories.map(
          (
            cat,
          ) => html`<label class="label" for="mine-${cat}">Your translation, plural form “${cat}” (${c.trglang})</label>
<textarea id="mine-${cat}" name="plural_${cat}" lang="${c.trglang}">${(c.yours as { targetPlural: PluralForms }).targetPlural[cat] ?? ''}</textarea>`,
        )
      : html`<label class="label" for="mine">Your translation (${c.trglang})</label>
<textarea id="mine" name="target" lang="${c.trglang}">${c.yours.target}</textarea>`;
  return html`<nav aria-label="Breadcrumb"><a href="/workbench">Jobs</a> ›
<a href="/workbench/documents/${c.documentId}">${c.documentName}</a> › Conflict</nav>
<h1>Someone else changed this segment</h1>
<p class="notice problem" role="alert">Your ${c.action === 'confirm' ? 'confirmation' : 'save'} of “${s.unit_id}” was not stored: ${s.updated_by ?? 'someone'} saved it at ${when} UTC, after you opened it. Nothing was overwritten. Choose which text to keep.</p>
<span class="label">Source (${c.srclang})</span>
${shown(parsePlural(s.source_plural) ?? s.source, c.srclang)}
<div class="pair">
<section aria-labelledby="theirs-h">
<h2 id="theirs-h">Theirs (saved, ${s.status})</h2>
${shown(theirs, c.trglang, 'theirs')}
<p><a href="${c.keepTheirs}">Keep theirs</a> <span class="muted">(back to the editor; your text is dropped)</span></p>
</section>
<section aria-labelledby="yours-h">
<h2 id="yours-h">Yours (not saved)</h2>
<form method="post" action="/workbench/documents/${c.documentId}/segments/${s.id}">
<input type="hidden" name="_csrf" value="${c.csrf}">
<input type="hidden" name="revision" value="${s.revision}">
${c.unconfirmedOnly ? html`<input type="hidden" name="filter" value="unconfirmed">` : ''}
${fields}
<div class="actions">
<button class="primary" type="submit" name="action" value="${c.action}">Overwrite with mine${c.action === 'confirm' ? ' and confirm' : ''}</button>
</div>
</form>
</section>
</div>`;
}

/** Radio name and hidden payload of one XLIFF conflict (the file's text and the revision shown). */
function conflictRow(x: XliffConflict, ctx: { srclang: string; trglang: string }): Html {
  const payload = JSON.stringify({
    revision: x.revision,
    file: x.file,
    confirm: x.confirm,
    original: x.original ?? null,
    known: x.original !== undefined,
  });
  return html`<fieldset class="segment" id="conflict-${x.segmentId}">
<legend>${x.key}</legend>
<input type="hidden" name="unit_${x.segmentId}" value="${payload}">
<span class="label">Source (${ctx.srclang})</span>
${shown(x.source, ctx.srclang)}
<table>
<thead><tr><th scope="col">When you downloaded</th><th scope="col">In the workbench now</th><th scope="col">In your file</th></tr></thead>
<tbody><tr>
<td>${shown(x.original, ctx.trglang)}</td>
<td>${shown(x.workbench, ctx.trglang)}</td>
<td>${shown(x.file, ctx.trglang)}</td>
</tr></tbody>
</table>
<div class="actions">
<input type="radio" id="keep-${x.segmentId}" name="choice_${x.segmentId}" value="workbench" checked>
<label for="keep-${x.segmentId}">Keep the workbench’s text</label>
<input type="radio" id="take-${x.segmentId}" name="choice_${x.segmentId}" value="file">
<label for="take-${x.segmentId}">Take my file’s text${x.confirm ? ' (and confirm it)' : ''}</label>
</div>
</fieldset>`;
}

/**
 * Conflicts settled per page: each takes two form fields, and the workbench's forms take at most
 * 1,000 (router.ts). The rest stay as they are in the workbench; uploading the file again shows them.
 */
const CONFLICTS_PER_PAGE = 400;

/** What an upload (or a resolution) did, and the conflicts left for the user to settle. */
export function xliffResultPage(
  r: XliffUploadResult,
  ctx: { csrf: string; srclang: string; trglang: string; fileName: string },
): Html {
  const summary = `${r.saved + r.confirmed} unit${r.saved + r.confirmed === 1 ? '' : 's'} saved (${r.confirmed} confirmed), ${r.unchanged} unchanged, ${r.conflicts.length} in conflict, ${r.refused.length} refused.`;
  return html`<nav aria-label="Breadcrumb"><a href="/workbench">Jobs</a> ›
<a href="/workbench/documents/${r.documentId}">${r.documentName}</a> › XLIFF upload</nav>
<h1>XLIFF upload: ${ctx.fileName}</h1>
<p class="notice" role="status">${summary}</p>
${
  r.warnings.length > 0
    ? html`<h2>QA warnings</h2><ul class="qa">${r.warnings.map((x) => html`<li><strong>${x.key}</strong>: ⚠ ${x.message}</li>`)}</ul>`
    : ''
}
${
  r.refused.length > 0
    ? html`<h2>Refused</h2><ul>${r.refused.map((x) => html`<li><strong>${x.key}</strong>: ${x.reason}</li>`)}</ul>`
    : ''
}
${
  r.conflicts.length === 0
    ? html`<p><a href="/workbench/documents/${r.documentId}">Back to the editor</a></p>`
    : html`<h2>Conflicts</h2>
<p>These units were changed in the workbench after you downloaded the file, and changed in your file too. Nothing was overwritten: choose per unit which text to keep.</p>
<form method="post" action="/workbench/documents/${r.documentId}/xliff/resolve">
<input type="hidden" name="_csrf" value="${ctx.csrf}">
<input type="hidden" name="file_name" value="${ctx.fileName}">
${
  r.conflicts.length > CONFLICTS_PER_PAGE
    ? html`<p class="notice">The first ${CONFLICTS_PER_PAGE} of ${r.conflicts.length} conflicts are shown. The others keep the workbench’s text for now: upload the file again after applying these choices to settle them.</p>`
    : ''
}
${r.conflicts.slice(0, CONFLICTS_PER_PAGE).map((x) => conflictRow(x, ctx))}
<div class="actions"><button class="primary" type="submit">Apply my choices</button>
<a href="/workbench/documents/${r.documentId}">Cancel (keep the workbench’s text everywhere)</a></div>
</form>`
}`;
}

/** The offline page of a document: download as XLIFF 1.2, upload it back. */
export function xliffPage(d: {
  documentId: number;
  documentName: string;
  csrf: string;
  locked: boolean;
  error?: string | undefined;
}): Html {
  return html`<nav aria-label="Breadcrumb"><a href="/workbench">Jobs</a> ›
<a href="/workbench/documents/${d.documentId}">${d.documentName}</a> › XLIFF</nav>
<h1>Translate “${d.documentName}” offline</h1>
${d.error ? html`<p class="notice problem" role="alert">${d.error} Nothing was changed.</p>` : ''}
<h2>Download</h2>
<p>An XLIFF 1.2 file for memoQ, Trados, OmegaT or any CAT tool: every segment with its key, notes, context, length limit, status and the memory’s matches.</p>
<p><a href="/workbench/documents/${d.documentId}/xliff/download" download>Download XLIFF</a></p>
<h2>Upload</h2>
<p>Upload the file back: units you changed are saved (confirmed where your tool marks them signed-off, final or approved); units nobody changed stay as they are. A unit also changed in the workbench since your download is shown side by side for you to choose.</p>
${
  d.locked
    ? html`<p class="notice">This project is done or its job was delivered: the document is read-only.</p>`
    : html`<form method="post" action="/workbench/documents/${d.documentId}/xliff" enctype="multipart/form-data">
<input type="hidden" name="_csrf" value="${d.csrf}">
<label class="label" for="xliff-file">XLIFF file</label>
<input type="file" id="xliff-file" name="file" accept=".xlf,.xliff,application/x-xliff+xml" required>
<div class="actions"><button class="primary" type="submit">Upload XLIFF</button></div>
</form>`
}`;
}
