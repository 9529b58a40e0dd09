/**
 * The panels the glossary and the other languages add to a segment's full card (`CARD_PANELS` in
 * document.ts), and the concordance search, which is a form of its own and so sits after the
 * segment's form with the history and the comments.
 */
import type { DocumentView, EditorSegment } from '../../services/workbench/document-view.ts';
import { concordanceForm } from './concordance.ts';
import { glossaryPanel } from './glossary.ts';
import { referencesPanel } from './references.ts';
import type { CardPanel } from './segment.ts';

const tag = (lang: string, locale: string | null) => (locale ? `${lang}-${locale}` : lang);

/** The "Glossary" panel when the source uses terms of the project's termbase. */
export function glossaryCardPanels(s: EditorSegment, view: DocumentView): CardPanel[] {
  const body = glossaryPanel(
    s,
    {
      srclang: tag(view.project.srclang, view.project.srclocale),
      trglang: tag(view.project.trglang, view.project.trglocale),
      locked: view.job.status !== 'active' || view.stage.isLast,
    },
    s.position + 1,
  );
  return body ? [{ id: 'glossary', title: 'Glossary', body }] : [];
}

/** The "Other languages" panel when the job translates the unit into other languages too. */
export function referencesCardPanels(s: EditorSegment): CardPanel[] {
  const body = referencesPanel(s, s.position + 1);
  return body ? [{ id: 'references', title: 'Other languages', body }] : [];
}

/** The concordance search of the card (results in another tab, so unsaved text stays). */
export function concordancePanel(s: EditorSegment, documentId: number): CardPanel {
  return {
    id: 'concordance',
    title: 'Concordance',
    body: concordanceForm(documentId, { fragment: '', field: 'source', order: 'recent' }, s.id),
  };
}
