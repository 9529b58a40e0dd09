import type { EditorSegment } from '../../services/workbench/document-view.ts';
import type { GlossaryTerm, TermHit } from '../../services/workbench/glossary.ts';
import { type Html, html } from '../html.ts';

/** The shortcut of the first term's "Insert" button (the keyboard registry lists `data-shortcut` elements). */
export const GLOSSARY_SHORTCUT = 'Alt+Shift+G';

/** The id of a term's approved translation in a segment's glossary panel (what its marks describe). */
const termId = (segmentId: number, term: GlossaryTerm) => `term-${segmentId}-${term.id}`;

/** What a term reads as in a tooltip: its approved translations, then its notes. */
const tip = (term: GlossaryTerm) =>
  `${term.source} → ${term.targets.join(' / ')}${term.notes.length > 0 ? ` (${term.notes.join('; ')})` : ''}`;

/**
 * A source text with the glossary's terms marked. In the full card (`segmentId` given) each mark
 * is focusable and described by the term's entry in the card's glossary panel, and shows the
 * approved translation on hover and on focus (a CSS tooltip from `data-tip`); elsewhere (a compact
 * row) a mark carries the translation as its `title`.
 */
export function highlightTerms(text: string, hits: readonly TermHit[], segmentId?: number): Html {
  if (hits.length === 0) return html`${text}`;
  const parts: Html[] = [];
  let at = 0;
  for (const hit of hits) {
    parts.push(html`${text.slice(at, hit.start)}`);
    parts.push(
      segmentId === undefined
        ? html`<mark class="term" title="${tip(hit.term)}">${hit.text}</mark>`
        : html`<mark class="term" tabindex="0" data-tip="${tip(hit.term)}" aria-describedby="${termId(segmentId, hit.term)}">${hit.text}</mark>`,
    );
    at = hit.end;
  }
  parts.push(html`${text.slice(at)}`);
  return html`${parts}`;
}

/** The distinct terms a segment's source uses, in the order they first appear. */
export function termsOfSegment(s: EditorSegment): GlossaryTerm[] {
  const hits = [...s.terms.source, ...Object.values(s.terms.forms).flat()];
  return [...new Set(hits.map((h) => h.term))];
}

/**
 * The glossary panel's body in a segment's card: each term its source uses with its approved
 * translations and notes, and a button per translation inserting it into the translation at the
 * caret (the first with Alt+Shift+G). Without JavaScript the buttons are hidden (they could do
 * nothing); the translations are there to read.
 */
export function glossaryPanel(
  s: EditorSegment,
  ctx: { srclang: string; trglang: string; locked: boolean },
  number: number,
): Html | '' {
  const terms = termsOfSegment(s);
  if (terms.length === 0) return '';
  let first = true;
  return html`<ul class="glossary" aria-label="Glossary terms of segment ${number}">
${terms.map((term) => {
  const buttons = term.targets.map((target) => {
    const shortcut = first;
    first = false;
    return html`<button type="button" class="insert-term needs-script" data-insert="${target}" data-insert-into="${s.id}"${
      shortcut
        ? html` data-shortcut="${GLOSSARY_SHORTCUT}" data-shortcut-help="Insert the first glossary term of the focused segment" aria-keyshortcuts="Alt+Shift+G"`
        : ''
    }${ctx.locked ? html` disabled` : ''}>Insert «<span lang="${ctx.trglang}">${target}</span>»<span class="visually-hidden"> for «${term.source}»</span>${shortcut ? html` <kbd>${GLOSSARY_SHORTCUT}</kbd>` : ''}</button>`;
  });
  return html`<li><span class="term-source" lang="${ctx.srclang}">${term.source}</span> →
<span class="term-target" id="${termId(s.id, term)}"><span class="visually-hidden">approved translation: </span><span lang="${ctx.trglang}">${term.targets.join(' / ')}</span>${
    term.notes.length > 0 ? html`<span class="muted"> (${term.notes.join('; ')})</span>` : ''
  }</span>
${buttons}</li>`;
})}
</ul>`;
}
