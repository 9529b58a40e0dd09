/**
 * What a translator is told about a segment, as rows of its card's details: the description, its
 * notes, the length limits, what each placeholder means, where the repository keeps them, the
 * notes people added on the platform, and a field to add one (kept apart from the repository's
 * context: syncs never touch it).
 */
import type { PlaceholderInfo } from '../../../src/formats/model.ts';
import type { EditorSegment } from '../../services/workbench/document-view.ts';
import { type Html, html } from '../html.ts';

export interface ContextPanelOptions {
  documentId: number;
  csrf: string;
  unconfirmedOnly: boolean;
  /** 1-based segment number, for labels. */
  number: number;
}

/**
 * The limit and the count of the saved text (characters as code points, as the script and `qa`
 * count them); the script updates the count as one types. A field's `aria-describedby` names it.
 */
export function lengthLimit(s: EditorSegment): Html | '' {
  if (s.maxLength === null) return '';
  if (s.sourcePlural) return html`<span id="len-${s.id}">At most ${s.maxLength} characters.</span>`;
  const n = Array.from(s.target ?? '').length;
  const over = n > s.maxLength;
  return html`<span id="len-${s.id}">At most ${s.maxLength} characters<span data-count-for="t-${s.id}" aria-live="polite"${over ? html` class="over"` : ''}> (${n} of ${s.maxLength}${over ? ', too long' : ''})</span>.</span>`;
}

/** The description, or the file's notes when they say no more than it (ARB and PO say it twice). */
export function descriptionOf(s: EditorSegment): string | null {
  return s.unitContext?.description ?? null;
}

/**
 * The file's notes without what the card says otherwise: formats that have a description say it
 * among the notes too (ARB, PO `#.`), and ARB adds its placeholders as a `Placeholders:` line,
 * which the card shows beside each placeholder. Null when nothing else is left.
 */
export function notesOf(s: EditorSegment): string | null {
  if (!s.notes) return null;
  let lines = s.notes.split('\n');
  const description = descriptionOf(s)?.trim().split('\n');
  if (description) {
    const same = (at: number) => description.every((d, i) => lines[at + i]?.trim() === d.trim());
    for (let at = 0; at + description.length <= lines.length; at++) {
      if (!same(at)) continue;
      lines = [...lines.slice(0, at), ...lines.slice(at + description.length)];
      break;
    }
  }
  if (placeholderMeanings(s).length > 0) lines = lines.filter((l) => !l.startsWith('Placeholders: '));
  const left = lines.join('\n').trim();
  return left === '' ? null : left;
}

/** What a placeholder means, in words: `the first name · String · e.g. Ada`. */
export function placeholderMeaning(p: PlaceholderInfo): string {
  return [p.description, p.type, p.example === undefined ? undefined : `e.g. ${p.example}`]
    .filter((x) => x)
    .join(' · ');
}

/** The meanings by placeholder name (empty when the file and the repository say none). */
export function placeholderMeanings(s: EditorSegment): [string, PlaceholderInfo][] {
  return Object.entries(s.unitContext?.placeholders ?? {});
}

const formId = (s: EditorSegment) => `note-form-${s.id}`;

/**
 * The context rows of the card's details (`<dt>`/`<dd>` pairs): description, notes, limits, the
 * team's notes and the field adding one. The field and its button belong to the note form (their
 * `form` attribute), which `noteForm` renders after the segment's form: forms do not nest.
 */
export function contextDetails(s: EditorSegment, o: ContextPanelOptions): Html {
  const c = s.unitContext;
  const description = descriptionOf(s);
  const notes = notesOf(s);
  const owner = c?.owners.description;
  const form = formId(s);
  return html`${
    description !== null
      ? html`<dt>Description</dt><dd class="pre">${description}${owner ? html` <span class="muted">(kept in ${owner})</span>` : ''}</dd>`
      : ''
  }
${notes ? html`<dt>Notes</dt><dd class="pre">${notes}</dd>` : ''}
${s.context ? html`<dt>Message context</dt><dd class="pre">${s.context}</dd>` : ''}
${s.maxLength !== null || c?.maxWidth ? html`<dt>Length</dt><dd>${lengthLimit(s)}${c?.maxWidth ? html` At most ${c.maxWidth.px} px wide in ${c.maxWidth.font}.` : ''}</dd>` : ''}
<dt>Team notes</dt><dd>${
    c && c.platformNotes.length > 0
      ? html`<ul class="platform-notes" aria-label="Notes on segment ${o.number}">${c.platformNotes.map(
          (n) => html`<li>${n.text} <span class="muted">— ${n.author}</span></li>`,
        )}</ul>`
      : ''
  }<div class="note-field"><label class="visually-hidden" for="note-${s.id}">Add a note to segment ${o.number}</label>
<textarea id="note-${s.id}" name="note" rows="1" maxlength="5000" form="${form}" placeholder="Add a note for everyone on this text"></textarea>
<button type="submit" form="${form}">Add note<span class="visually-hidden"> to segment ${o.number}</span></button></div></dd>`;
}

/** The note form itself: empty but for its hidden fields; its field and button sit in the card. */
export function noteForm(s: EditorSegment, o: ContextPanelOptions): Html {
  return html`<form method="post" action="/workbench/documents/${o.documentId}/segments/${s.id}/notes" id="${formId(s)}" class="note-form">
<input type="hidden" name="_csrf" value="${o.csrf}">
${o.unconfirmedOnly ? html`<input type="hidden" name="filter" value="unconfirmed">` : ''}
</form>`;
}
