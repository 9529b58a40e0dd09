import type { EditorSegment } from '../../services/workbench/document-view.ts';
import { type Html, html } from '../html.ts';

/**
 * The unit in the job's other target languages, read-only: each language's translation (or that
 * it has none yet) with its status and a link to that document.
 */
export function referencesPanel(s: EditorSegment, number: number): Html | '' {
  if (s.references.length === 0) return '';
  return html`<dl class="references" aria-label="Segment ${number} in the other languages">
${s.references.map(
  (
    r,
  ) => html`<dt><a href="/workbench/documents/${r.documentId}" aria-label="${r.lang}: open that document">${r.lang}</a> <span class="badge">${r.status}</span></dt>
<dd>${
    r.targetPlural
      ? html`<span lang="${r.lang}">${Object.entries(r.targetPlural).map(([c, t]) => html`<span class="muted">${c}:</span> ${t} `)}</span>`
      : r.target
        ? html`<span class="text" lang="${r.lang}">${r.target}</span>`
        : html`<span class="muted">not translated yet</span>`
  }</dd>`,
)}
</dl>`;
}
