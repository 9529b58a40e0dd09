import type { PluralCategory } from '../../../src/formats/model.ts';
import type { EditorSegment } from '../../services/workbench/document-view.ts';
import { type Html, html } from '../html.ts';
import { counted } from './format.ts';

/**
 * A panel of the focused segment's full card (glossary, other languages, history, comments,
 * screenshots…): rendered in order after the card's own parts as
 * `<section class="card-panel" aria-labelledby="panel-<id>-<segment>">` with `title` as its heading.
 * Pages build them per segment (see `CARD_PANELS` in document.ts); `body` is escaped markup.
 * A button in a panel joins the keyboard shortcuts by carrying `data-shortcut` and
 * `data-shortcut-help` (see script.ts).
 */
export interface CardPanel {
  /** Unique within a card, safe in an id: `[a-z0-9-]+`. */
  id: string;
  title: string;
  body: Html;
}

import { renderTermsPanels, termsCardPanels } from './card-panels.ts';
import { openCommentsMarker } from './comments.ts';
import { contextPanel, lengthLimit } from './context.ts';
import { highlightTerms } from './glossary.ts';
import { recordPanels, renderPanels } from './history.ts';

export interface SegmentContext {
  documentId: number;
  csrf: string;
  srclang: string;
  trglang: string;
  targetCategories: PluralCategory[];
  /** The segment shown as the full card, whose first field gets `autofocus`. */
  focusId: number | undefined;
  /** Done or delivered: fields are read-only and buttons disabled. */
  locked: boolean;
  unconfirmedOnly: boolean;
  /** Statuses still open at this stage (drawn with the "open" marker). */
  open: readonly string[];
  /** The editor's URL for this page and filter, without `focus` (the key links add it). */
  pageUrl: string;
  /** Extra panels of this segment's full card, in order (empty when no one adds any). */
  panels: CardPanel[];
  /** The document's job, for the link to its comments. */
  jobId?: number | undefined;
}

/** A unit id as people read it: gettext's context and message joined by EOT (U+0004) show as `context · msgid`. */
function keyText(key: string): string {
  return key.replace(/\u0004/g, ' · ');
}

const disabled = (ctx: SegmentContext) => (ctx.locked ? html` disabled` : '');

/**
 * A button filling the segment's fields (JSON: field name → text). The script fills them in place
 * (undoable); without it the button posts the fill and the server saves it as a draft.
 */
function fillButton(
  fill: Record<string, string>,
  label: Html,
  ctx: SegmentContext,
  shortcut?: { key: string; help: string },
): Html {
  return html`<button type="submit" name="fill" value="${JSON.stringify(fill)}"${shortcut ? html` data-shortcut="${shortcut.key}" data-shortcut-help="${shortcut.help}" aria-keyshortcuts="${ariaKeys(shortcut.key)}"` : ''}${disabled(ctx)}>${label}</button>`;
}

/** `Alt+Shift+1` as ARIA writes it (`Alt+Shift+1`, `Control+Enter`). */
function ariaKeys(key: string): string {
  return key.replace(/\bCtrl\b/g, 'Control');
}

/** The fill of a target: its text, or each target category from the same form (else `other`). */
function fillOf(s: EditorSegment, ctx: SegmentContext, text: string | Record<string, string>) {
  if (typeof text === 'string') return s.sourcePlural ? fillPlural(ctx, { other: text }) : { target: text };
  return s.sourcePlural ? fillPlural(ctx, text) : { target: text.other ?? '' };
}

function fillPlural(ctx: SegmentContext, forms: Record<string, string>): Record<string, string> {
  return Object.fromEntries(ctx.targetCategories.map((c) => [`plural_${c}`, forms[c] ?? forms.other ?? '']));
}

function field(
  s: EditorSegment,
  ctx: SegmentContext,
  id: string,
  name: string,
  value: string,
  first: boolean,
) {
  const limited = s.maxLength !== null && !s.sourcePlural;
  const describedBy = `${id.replace(/^t-/, 'src-')}${limited ? ` len-${s.id}` : ''}${s.issues.length > 0 ? ` qa-${s.id}` : ''}`;
  return html`<textarea id="${id}" name="${name}" rows="1" lang="${ctx.trglang}" aria-describedby="${describedBy}" aria-keyshortcuts="Control+Enter"${ctx.locked ? html` readonly` : ''}${ctx.focusId === s.id && first ? html` autofocus` : ''}${limited ? html` data-max-length="${s.maxLength}"` : ''}>${value}</textarea>`;
}

/** Source and target: one pair, or a grid of plural forms (category, source form, target form). */
function texts(s: EditorSegment, ctx: SegmentContext, number: number): Html {
  if (!s.sourcePlural) {
    return html`<p class="source-text" lang="${ctx.srclang}" id="src-${s.id}">${highlightTerms(s.source, s.terms.source, s.id)}</p>
<div class="trg"><label class="label" for="t-${s.id}">Translation<span class="visually-hidden"> of segment ${number}</span> (${ctx.trglang})</label>
${field(s, ctx, `t-${s.id}`, 'target', s.target ?? '', true)}</div>`;
  }
  const sourcePlural = s.sourcePlural;
  return html`<div class="plural-grid" role="group" aria-label="Plural forms of segment ${number}">${ctx.targetCategories.map(
    (
      c,
      i,
    ) => html`<label class="label cat" for="t-${s.id}-${c}"><span class="visually-hidden">Translation, plural form “</span>${c}<span class="visually-hidden">” of segment ${number} (${ctx.trglang})</span></label>
<span class="source-text" lang="${ctx.srclang}" id="src-${s.id}-${c}">${highlightTerms(sourcePlural[c] ?? sourcePlural.other ?? '', s.terms.forms[c] ?? s.terms.forms.other ?? [], s.id)}</span>
${field(s, ctx, `t-${s.id}-${c}`, `plural_${c}`, s.targetPlural?.[c] ?? '', i === 0)}`,
  )}</div>`;
}

/** TM matches then the MT suggestion, numbered as Alt+1…9 inserts them. */
function suggestions(s: EditorSegment, ctx: SegmentContext, number: number): Html | '' {
  const { tm, mt } = s.suggestions;
  const items: {
    badge: string;
    text: Html | string;
    fill: Record<string, string>;
    what: string;
    extra: Html | '';
  }[] = tm.map((m) => ({
    badge: `TM ${Math.floor(m.score)} %`,
    text: m.target,
    fill: fillOf(s, ctx, m.target),
    what: `the ${Math.floor(m.score)} % TM match`,
    extra: html`<span class="muted">(source: “${m.source}”${m.metadata.user_email ? html`, by ${String(m.metadata.user_email)}` : ''})</span>`,
  }));
  if (mt !== undefined) {
    items.push({
      badge: 'MT',
      text: typeof mt === 'string' ? mt : html`${Object.entries(mt).map(([c, t]) => html`${c}: ${t} `)}`,
      fill: fillOf(s, ctx, mt as string | Record<string, string>),
      what: 'the machine translation',
      extra: '',
    });
  }
  if (items.length === 0) return '';
  return html`<ol class="suggestions" aria-label="Suggestions for segment ${number}">
${items.map((item, i) => {
  const n = i + 1;
  const shortcut = n <= 9 ? { key: `Alt+${n}`, help: `Use suggestion ${n} (TM or MT)` } : undefined;
  return html`<li><span class="badge">${item.badge}</span> <span class="text" lang="${ctx.trglang}">${item.text}</span>
${item.extra}
${fillButton(item.fill, html`Use<span class="visually-hidden"> ${item.what} for segment ${number}</span>${shortcut ? html` <kbd>${shortcut.key}</kbd>` : ''}`, ctx, shortcut)}</li>`;
})}
</ol>`;
}

/** The source's placeholders as buttons inserting them at the caret (with the script). */
function placeholders(s: EditorSegment, ctx: SegmentContext): Html | '' {
  if (s.placeholders.length === 0) return '';
  return html`<div class="placeholders"><span class="label">Placeholders</span>
${s.placeholders.map((p, i) => {
  const n = i + 1;
  const shortcut =
    n <= 9
      ? html` data-shortcut="Alt+Shift+${n}" data-shortcut-help="Insert placeholder ${n} of the source" aria-keyshortcuts="Alt+Shift+${n}"`
      : '';
  return html`<button type="button" class="needs-script" data-insert="${p}"${shortcut}${disabled(ctx)}><code>${p}</code>${n <= 9 ? html` <kbd>Alt+Shift+${n}</kbd>` : ''}<span class="visually-hidden"> insert into the translation</span></button>`;
})}
</div>`;
}

/** The full card's details: notes, context, limits, who changed it. */
function details(s: EditorSegment): Html {
  return html`<dl class="details">
<dt>Key</dt><dd><code>${keyText(s.key)}</code></dd>
${s.notes ? html`<dt>Notes</dt><dd class="pre">${s.notes}</dd>` : ''}
${s.context ? html`<dt>Context</dt><dd class="pre">${s.context}</dd>` : ''}
${s.maxLength !== null ? html`<dt>Max length</dt><dd>${lengthLimit(s)}</dd>` : ''}
${s.origin || s.updatedBy ? html`<dt>Last change</dt><dd>${s.origin ? `from ${s.origin}` : ''}${s.updatedBy ? ` · ${s.updatedBy}` : ''}</dd>` : ''}
</dl>`;
}

function cardPanels(s: EditorSegment, panels: CardPanel[]): Html {
  return html`${panels.map(
    (p) => html`<section class="card-panel" aria-labelledby="panel-${p.id}-${s.id}">
<h3 id="panel-${p.id}-${s.id}">${p.title}</h3>
${p.body}
</section>`,
  )}`;
}

/** The link opening a segment as the full card (the script does it in place). */
function focusLink(s: EditorSegment, ctx: SegmentContext): string {
  return `${ctx.pageUrl}${ctx.pageUrl.includes('?') ? '&' : '?'}focus=${s.id}`;
}

/**
 * One segment of the editor: a compact row (key, notes in short, source, the translation
 * editable in place, status, words, save and confirm) and, for the focused segment, the full
 * card (details, QA warnings, placeholders, TM and MT, panels, more actions). Every segment's
 * card is in the page; CSS shows the focused one's (`expanded`), the script moves it with the focus.
 */
export function segmentItem(s: EditorSegment, ctx: SegmentContext): Html {
  const number = s.position + 1;
  const open = ctx.open.includes(s.status);
  const expanded = ctx.focusId === s.id;
  const key = keyText(s.key);
  // The context in short unless the key already says it (gettext's msgctxt is part of the key).
  const short = [s.notes, s.context && !key.startsWith(s.context) ? s.context : null]
    .filter(Boolean)
    .join(' · ');
  const copySource = s.sourcePlural
    ? fillPlural(ctx, s.sourcePlural as Record<string, string>)
    : { target: s.source };
  return html`<li id="seg-${s.id}" class="segment ${open ? 'open' : 'signed-off'}${expanded ? ' expanded' : ''}" data-segment="${s.id}" data-status="${s.status}"${s.untranslated ? html` data-untranslated` : ''}${s.issues.length > 0 ? html` data-qa` : ''}>
<form method="post" action="/workbench/documents/${ctx.documentId}/segments/${s.id}" class="segment-form">
<input type="hidden" name="_csrf" value="${ctx.csrf}"><input type="hidden" name="revision" value="${s.revision}">
${ctx.unconfirmedOnly ? html`<input type="hidden" name="filter" value="unconfirmed">` : ''}
<h2 class="visually-hidden">Segment ${number}: ${key}</h2>
<div class="row">
<div class="meta">
<a class="key" href="${focusLink(s, ctx)}"${expanded ? html` aria-current="true"` : ''}><span class="visually-hidden">Segment </span><span class="num">${number}</span><span class="visually-hidden">:</span> <code>${key}</code></a>
${short ? html`<span class="short">${short}</span>` : ''}
</div>
${texts(s, ctx, number)}
<div class="state"><span class="badge status-${s.status}">${s.status}</span> <span class="words">${counted(s.words, 'word')}</span> ${openCommentsMarker(s.record.openComments)}${s.issues.length > 0 ? html` <span class="qa-mark" title="QA issues">⚠<span class="visually-hidden"> QA issues</span></span>` : ''}</div>
<div class="row-actions">
<button type="submit" name="action" value="save" data-shortcut="Alt+Enter" data-shortcut-help="Save the segment (as a draft, not confirmed)" aria-keyshortcuts="Alt+Enter"${disabled(ctx)}>Save</button>
<button class="primary" type="submit" name="action" value="confirm" data-shortcut="Ctrl+Enter" data-shortcut-help="Confirm the segment and move to the next unconfirmed one" aria-keyshortcuts="Control+Enter"${disabled(ctx)}>Confirm</button>
</div>
</div>
<div class="card">
${
  s.issues.length > 0
    ? html`<ul class="qa" id="qa-${s.id}" aria-label="QA warnings">${s.issues.map((i) => html`<li>⚠ ${i.message}</li>`)}</ul>`
    : ''
}
${details(s)}
${placeholders(s, ctx)}
${suggestions(s, ctx, number)}
${cardPanels(s, ctx.panels)}
<div class="actions">
${fillButton(copySource, html`Copy source<span class="visually-hidden"> into the translation of segment ${number}</span> <kbd>Alt+C</kbd>`, ctx, { key: 'Alt+C', help: 'Copy the source into the translation' })}
<button type="reset" data-shortcut="Alt+R" data-shortcut-help="Revert the translation to its saved text" aria-keyshortcuts="Alt+R"${disabled(ctx)}>Revert to saved <kbd>Alt+R</kbd></button>
</div>
</div>
</form>
${
  // History and comments (pages/history.ts): forms of their own, so after the segment's form;
  // shown with the full card only (CSS), so the list stays compact.
  renderPanels(
    recordPanels(s, ctx),
    ctx.focusId === s.id && s.record.openComments > 0 ? [`comments-${s.id}`] : [],
  )
}
${/* Glossary, other languages, concordance (branch wb-terms): into the card's panel slots; outside the segment's form, as the concordance is a form of its own. */ renderTermsPanels(termsCardPanels(s, ctx, number), number)}
${
  // Description, placeholder meanings, platform notes and the note form (a form of its own).
  contextPanel(s, {
    documentId: ctx.documentId,
    csrf: ctx.csrf,
    unconfirmedOnly: ctx.unconfirmedOnly,
    number,
  })
}
</li>`;
}
