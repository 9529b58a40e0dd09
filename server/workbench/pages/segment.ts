import type { PluralCategory } from '../../../src/formats/model.ts';
import type { EditorSegment } from '../../services/workbench/document-view.ts';
import { type Html, html } from '../html.ts';
import { contextPanel, lengthLimit } from './context.ts';

export interface SegmentContext {
  documentId: number;
  csrf: string;
  srclang: string;
  trglang: string;
  targetCategories: PluralCategory[];
  /** The segment whose first field gets `autofocus` (after Ctrl+Enter moved on). */
  focusId: number | undefined;
  /** Done or delivered: fields are read-only and buttons disabled. */
  locked: boolean;
  unconfirmedOnly: boolean;
  /** Statuses still open at this stage (drawn with the "open" marker). */
  open: readonly string[];
}

/** One "Use" button filling fields (by id) with text; the script handles it. */
function useButton(fill: Record<string, string>, what: string, disabled: boolean): Html {
  return html`<button type="button" data-fill="${JSON.stringify(fill)}"${disabled ? html` disabled` : ''}>Use<span class="visually-hidden"> ${what}</span></button>`;
}

function targetFields(s: EditorSegment, ctx: SegmentContext, number: number): Html {
  const describedBy = `src-${s.id}${s.maxLength !== null ? ` len-${s.id}` : ''}${s.issues.length > 0 ? ` qa-${s.id}` : ''}`;
  const focus = ctx.focusId === s.id;
  const common = (first: boolean) =>
    html` lang="${ctx.trglang}" aria-describedby="${describedBy}" aria-keyshortcuts="Control+Enter"${ctx.locked ? html` readonly` : ''}${focus && first ? html` autofocus` : ''}`;
  if (s.sourcePlural) {
    return html`${ctx.targetCategories.map(
      (
        c,
        i,
      ) => html`<label class="label" for="t-${s.id}-${c}">Translation, plural form “${c}”<span class="visually-hidden"> of segment ${number}</span> (${ctx.trglang})</label>
<textarea id="t-${s.id}-${c}" name="plural_${c}"${common(i === 0)}>${s.targetPlural?.[c] ?? ''}</textarea>`,
    )}`;
  }
  return html`<label class="label" for="t-${s.id}">Translation<span class="visually-hidden"> of segment ${number}</span> (${ctx.trglang})</label>
<textarea id="t-${s.id}" name="target"${common(true)}${s.maxLength !== null ? html` data-max-length="${s.maxLength}"` : ''}>${s.target ?? ''}</textarea>`;
}

function sourceText(s: EditorSegment, ctx: SegmentContext): Html {
  if (!s.sourcePlural)
    return html`<p class="source-text" lang="${ctx.srclang}" id="src-${s.id}">${s.source}</p>`;
  return html`<dl class="source-text" lang="${ctx.srclang}" id="src-${s.id}">${Object.entries(
    s.sourcePlural,
  ).map(([c, text]) => html`<dt>${c}</dt><dd>${text}</dd>`)}</dl>`;
}

function suggestions(s: EditorSegment, ctx: SegmentContext, number: number): Html | '' {
  const { tm, mt } = s.suggestions;
  if (tm.length === 0 && mt === undefined) return '';
  const mtFill: Record<string, string> | undefined =
    mt === undefined
      ? undefined
      : typeof mt === 'string'
        ? { [`t-${s.id}`]: mt }
        : Object.fromEntries(ctx.targetCategories.map((c) => [`t-${s.id}-${c}`, mt[c] ?? mt.other]));
  return html`<ul class="suggestions" aria-label="Suggestions for segment ${number}">
${tm.map(
  (
    m,
  ) => html`<li><span class="badge">TM ${Math.floor(m.score)} %</span> <span class="text" lang="${ctx.trglang}">${m.target}</span>
<span class="muted">(source: “${m.source}”${m.metadata.user_email ? html`, by ${String(m.metadata.user_email)}` : ''})</span>
${useButton({ [`t-${s.id}`]: m.target }, `the ${Math.floor(m.score)} % TM match for segment ${number}`, ctx.locked)}</li>`,
)}
${
  mt === undefined
    ? ''
    : html`<li><span class="badge">MT</span> <span class="text" lang="${ctx.trglang}">${typeof mt === 'string' ? mt : Object.entries(mt).map(([c, t]) => html`${c}: ${t} `)}</span>
${useButton(mtFill!, `the machine translation for segment ${number}`, ctx.locked)}</li>`
}
</ul>`;
}

/** One segment of the editor: source, translation field(s), QA warnings, TM and MT, save and confirm. */
export function segmentItem(s: EditorSegment, ctx: SegmentContext): Html {
  const number = s.position + 1;
  const open = ctx.open.includes(s.status);
  return html`<li id="seg-${s.id}" class="segment ${open ? 'open' : 'signed-off'}">
<form method="post" action="/workbench/documents/${ctx.documentId}/segments/${s.id}" class="segment-form">
<input type="hidden" name="_csrf" value="${ctx.csrf}">
${ctx.unconfirmedOnly ? html`<input type="hidden" name="filter" value="unconfirmed">` : ''}
<h2 class="visually-hidden">Segment ${number}</h2>
<div class="pair">
<div>
<span class="label">Source ${number} (${ctx.srclang})</span>
${sourceText(s, ctx)}
${s.context ? html`<p class="muted">Context: ${s.context}</p>` : ''}
${s.notes ? html`<p class="muted">Note: ${s.notes}</p>` : ''}
${lengthLimit(s)}
</div>
<div>
${targetFields(s, ctx, number)}
${
  s.issues.length > 0
    ? html`<ul class="qa" id="qa-${s.id}" aria-label="Placeholder warnings">${s.issues.map((i) => html`<li>⚠ ${i.message}</li>`)}</ul>`
    : ''
}
</div>
</div>
${suggestions(s, ctx, number)}
<div class="actions">
<button type="submit" name="action" value="save"${ctx.locked ? html` disabled` : ''}>Save</button>
<button class="primary" type="submit" name="action" value="confirm"${ctx.locked ? html` disabled` : ''}>Confirm</button>
<span class="badge">${s.status}</span>
<span class="muted">${s.origin ? `from ${s.origin}` : ''}${s.updatedBy ? ` · ${s.updatedBy}` : ''} · ${s.words} words</span>
</div>
</form>
${contextPanel(s, { documentId: ctx.documentId, csrf: ctx.csrf, unconfirmedOnly: ctx.unconfirmedOnly, number })}
</li>`;
}
