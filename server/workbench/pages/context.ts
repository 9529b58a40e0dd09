/**
 * What a translator is told about a segment beside its fields: the description, what each
 * placeholder means, where the repository keeps them, the notes people added on the platform,
 * and a form to add one (kept apart from the repository's context: syncs never touch it).
 */
import type { EditorSegment } from '../../services/workbench/document-view.ts';
import { type Html, html } from '../html.ts';

export interface ContextPanelOptions {
  documentId: number;
  csrf: string;
  unconfirmedOnly: boolean;
  /** 1-based segment number, for labels. */
  number: number;
}

/** The length line under the source: the limit, and a live count the script fills in. */
export function lengthLimit(s: EditorSegment): Html | '' {
  if (s.maxLength === null) return '';
  return html`<p class="muted" id="len-${s.id}">At most ${s.maxLength} characters<span data-count-for="t-${s.id}" aria-live="polite"></span>.</p>`;
}

/** The description, placeholder meanings and platform notes of a segment, and the note form. */
export function contextPanel(s: EditorSegment, o: ContextPanelOptions): Html {
  const c = s.unitContext;
  // A description the file also gives as a note (ARB, PO `#.`) is shown once, as the description.
  const description = c?.description ?? null;
  const placeholders = Object.entries(c?.placeholders ?? {});
  const owner = c?.owners.description;
  return html`<section class="context" aria-label="Context of segment ${o.number}">
${
  description !== null
    ? html`<p><span class="label">Description</span> ${description}${owner ? html` <span class="muted">(kept in ${owner})</span>` : ''}</p>`
    : ''
}
${c?.maxWidth ? html`<p class="muted">At most ${c.maxWidth.px} px wide in ${c.maxWidth.font}.</p>` : ''}
${
  placeholders.length > 0
    ? html`<dl class="placeholders" aria-label="Placeholders of segment ${o.number}">${placeholders.map(
        ([name, p]) =>
          html`<dt><code>${name}</code></dt><dd>${[p.description, p.type, p.example === undefined ? undefined : `e.g. ${p.example}`].filter((x) => x).join(' · ') || '—'}</dd>`,
      )}</dl>`
    : ''
}
${
  c && c.platformNotes.length > 0
    ? html`<ul class="platform-notes" aria-label="Notes on segment ${o.number}">${c.platformNotes.map(
        (n) => html`<li>${n.text} <span class="muted">— ${n.author}</span></li>`,
      )}</ul>`
    : ''
}
<form method="post" action="/workbench/documents/${o.documentId}/segments/${s.id}/notes" class="note-form">
<input type="hidden" name="_csrf" value="${o.csrf}">
${o.unconfirmedOnly ? html`<input type="hidden" name="filter" value="unconfirmed">` : ''}
<label class="label" for="note-${s.id}">Add a note<span class="visually-hidden"> to segment ${o.number}</span></label>
<textarea id="note-${s.id}" name="note" rows="1" maxlength="5000"></textarea>
<button type="submit">Add note<span class="visually-hidden"> to segment ${o.number}</span></button>
</form>
</section>`;
}
