/**
 * The panels the glossary, the other languages and the concordance add to a segment's full card,
 * in the shape of the editor's card slots (`{ id, title, body }`).
 */
import type { EditorSegment } from '../../services/workbench/document-view.ts';
import { type Html, html } from '../html.ts';
import { concordanceForm } from './concordance.ts';
import { glossaryPanel } from './glossary.ts';
import { referencesPanel } from './references.ts';

export interface TermsCardPanel {
  id: string;
  title: string;
  body: Html;
}

/** Glossary (when the source uses terms), other languages (when the job has any), concordance. */
export function termsCardPanels(
  s: EditorSegment,
  ctx: { documentId: number; srclang: string; trglang: string; locked: boolean },
  number: number,
): TermsCardPanel[] {
  const panels: TermsCardPanel[] = [];
  const glossary = glossaryPanel(s, ctx, number);
  if (glossary) panels.push({ id: `glossary-${s.id}`, title: 'Glossary', body: glossary });
  const references = referencesPanel(s, number);
  if (references) panels.push({ id: `references-${s.id}`, title: 'Other languages', body: references });
  panels.push({
    id: `concordance-${s.id}`,
    title: 'Concordance',
    body: concordanceForm(ctx.documentId, { fragment: '', field: 'source', order: 'recent' }, s.id),
  });
  return panels;
}

/** The panels as sections with their headings (until the editor's card renders its slots itself). */
export function renderTermsPanels(panels: readonly TermsCardPanel[], number: number): Html {
  return html`<div class="card-panels">${panels.map(
    (p) => html`<section class="card-panel" aria-labelledby="${p.id}-h">
<h3 id="${p.id}-h">${p.title}<span class="visually-hidden"> of segment ${number}</span></h3>
${p.body}
</section>`,
  )}</div>`;
}
