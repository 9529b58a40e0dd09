import type { PluralCategory } from '../../../src/formats/model.ts';
import type { EditorSegment } from '../../services/workbench/document-view.ts';
import { type Html, html } from '../html.ts';
import { counted } from './format.ts';

/**
 * A panel of the focused segment's full card (glossary, code links, screenshots, other
 * languages): rendered in order after the card's own parts, inside the segment's form, as
 * `<section class="card-panel" id="<id>-<segment>" aria-labelledby="panel-<id>-<segment>">` with
 * `title` as its h3. Pages build them per segment (see `CARD_PANELS` in document.ts); `body` is
 * escaped markup and holds no form (forms do not nest: history, comments and the concordance,
 * which have forms, follow the segment's form in the same card order). A button in a panel joins
 * the keyboard shortcuts by carrying `data-shortcut` and `data-shortcut-help` (see script.ts).
 */
export interface CardPanel {
  /** Unique within a card, safe in an id: `[a-z0-9-]+`. */
  id: string;
  title: string;
  body: Html;
}

import { concordancePanel } from './card-panels.ts';
import { openCommentsMarker } from './comments.ts';
import {
  type ContextPanelOptions,
  contextDetails,
  descriptionOf,
  noteForm,
  notesOf,
  placeholderMeaning,
  placeholderMeanings,
} from './context.ts';
import { highlightTerms } from './glossary.ts';
import { recordPanels } from './history.ts';

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
  return html`<h3 class="card-heading" id="sg-${s.id}">Suggestions<span class="visually-hidden"> for segment ${number}</span></h3>
<ol class="suggestions" aria-labelledby="sg-${s.id}">
${items.map((item, i) => {
  const n = i + 1;
  const shortcut = n <= 9 ? { key: `Alt+${n}`, help: `Use suggestion ${n} (TM or MT)` } : undefined;
  return html`<li><span class="badge">${item.badge}</span> <span class="text" lang="${ctx.trglang}">${item.text}</span>
${item.extra}
${fillButton(item.fill, html`Use<span class="visually-hidden"> ${item.what} for segment ${number}</span>${shortcut ? html` <kbd>${shortcut.key}</kbd>` : ''}`, ctx, shortcut)}</li>`;
})}
</ol>`;
}

/** Whether a placeholder as written in the text (`{{count}}`, `%(name)s`) is the one named `name`. */
function names(token: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^A-Za-z0-9_])${escaped}([^A-Za-z0-9_]|$)`).test(token);
}

/**
 * The source's placeholders, each with what it means (the file's or the repository's words) and
 * a button inserting it at the caret (with the script; Alt+Shift+1…9). Meanings of placeholders
 * the source does not show as such are listed too.
 */
function placeholders(s: EditorSegment, ctx: SegmentContext, number: number): Html | '' {
  const meanings = placeholderMeanings(s);
  const unmatched = meanings.filter(([name]) => !s.placeholders.some((p) => names(p, name)));
  if (s.placeholders.length === 0 && meanings.length === 0) return '';
  return html`<div class="placeholders"><h3 class="card-heading" id="ph-${s.id}">Placeholders<span class="visually-hidden"> of segment ${number}</span></h3>
<ul aria-labelledby="ph-${s.id}">
${s.placeholders.map((p, i) => {
  const n = i + 1;
  const meaning = meanings.find(([name]) => names(p, name));
  const shortcut =
    n <= 9
      ? html` data-shortcut="Alt+Shift+${n}" data-shortcut-help="Insert placeholder ${n} of the source" aria-keyshortcuts="Alt+Shift+${n}"`
      : '';
  return html`<li><code>${p}</code>${meaning ? html` <span class="meaning">${placeholderMeaning(meaning[1]) || '—'}</span>` : ''}
<button type="button" class="needs-script" data-insert="${p}"${shortcut}${disabled(ctx)}>Insert<span class="visually-hidden"> ${p} into the translation</span>${n <= 9 ? html` <kbd>Alt+Shift+${n}</kbd>` : ''}</button></li>`;
})}
${unmatched.map(([name, info]) => html`<li><code>${name}</code> <span class="meaning">${placeholderMeaning(info) || '—'}</span></li>`)}
</ul></div>`;
}

/** The full card's details: what the text is for (context.ts), its limits, the team's notes, who changed it. */
function details(s: EditorSegment, o: ContextPanelOptions): Html {
  return html`<dl class="details">
${contextDetails(s, o)}
${s.origin || s.updatedBy ? html`<dt>Last change</dt><dd>${s.origin ? `from ${s.origin}` : ''}${s.updatedBy ? ` · ${s.updatedBy}` : ''}</dd>` : ''}
</dl>`;
}

/** Panels as the card's sections, each with its h3 (`aria-labelledby="panel-<id>-<segment>"`). */
function cardPanels(s: EditorSegment, panels: CardPanel[], number: number): Html | '' {
  if (panels.length === 0) return '';
  return html`<div class="card-panels">${panels.map(
    (p) => html`<section class="card-panel" id="${p.id}-${s.id}" aria-labelledby="panel-${p.id}-${s.id}">
<h3 id="panel-${p.id}-${s.id}">${p.title}<span class="visually-hidden"> of segment ${number}</span></h3>
${p.body}
</section>`,
  )}</div>`;
}

/**
 * History and comments as disclosure panels (their h3 the summary: the counts say enough until
 * opened; `open` names those shown unfolded, the comments while some are open), then the
 * concordance search, in the card's panel grid.
 */
function recordCardPanels(
  s: EditorSegment,
  record: CardPanel[],
  concordance: CardPanel,
  number: number,
  open: readonly string[],
): Html {
  return html`<div class="card-panels">${record.map(
    // The id is on the content: a link to `#history-<segment>` (where Restore and Add comment
    // return) unfolds the panel, as the browser opens a closed <details> around its target.
    (p) => html`<details class="card-panel"${open.includes(p.id) ? html` open` : ''}>
<summary><h3 id="panel-${p.id}-${s.id}">${p.title}<span class="visually-hidden"> of segment ${number}</span></h3></summary>
<div id="${p.id}-${s.id}">${p.body}</div>
</details>`,
  )}
<section class="card-panel" id="${concordance.id}-${s.id}" aria-labelledby="panel-${concordance.id}-${s.id}">
<h3 id="panel-${concordance.id}-${s.id}">${concordance.title}<span class="visually-hidden"> of segment ${number}</span></h3>
${concordance.body}
</section></div>`;
}

/** The link opening a segment as the full card (the script does it in place). */
function focusLink(s: EditorSegment, ctx: SegmentContext): string {
  return `${ctx.pageUrl}${ctx.pageUrl.includes('?') ? '&' : '?'}focus=${s.id}`;
}

/**
 * One segment of the editor: a compact row (key, description and notes in short, source, the
 * translation editable in place, status, words, save and confirm) and, for the focused segment,
 * the full card: Copy source and Revert, QA warnings, details beside placeholders and
 * suggestions, the `panels` (glossary, code links, screenshots, other languages), then after the
 * segment's form history, comments and concordance. Every segment's card is in the page; CSS
 * shows the focused one's (`expanded`), the script moves it with the focus.
 */
export function segmentItem(s: EditorSegment, ctx: SegmentContext): Html {
  const number = s.position + 1;
  const open = ctx.open.includes(s.status);
  const expanded = ctx.focusId === s.id;
  const key = keyText(s.key);
  // Description and notes in short (the full card shows them whole), and the message context
  // unless the key already says it (gettext's msgctxt is part of the key).
  const short = [descriptionOf(s), notesOf(s), s.context && !key.startsWith(s.context) ? s.context : null]
    .filter(Boolean)
    .join(' · ');
  const about: ContextPanelOptions = {
    documentId: ctx.documentId,
    csrf: ctx.csrf,
    unconfirmedOnly: ctx.unconfirmedOnly,
    number,
  };
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
<div class="actions">
${fillButton(copySource, html`Copy source<span class="visually-hidden"> into the translation of segment ${number}</span> <kbd>Alt+C</kbd>`, ctx, { key: 'Alt+C', help: 'Copy the source into the translation' })}
<button type="reset" data-shortcut="Alt+R" data-shortcut-help="Revert the translation to its saved text" aria-keyshortcuts="Alt+R"${disabled(ctx)}>Revert to saved <kbd>Alt+R</kbd></button>
</div>
${
  s.issues.length > 0
    ? html`<ul class="qa" id="qa-${s.id}" aria-label="QA warnings">${s.issues.map((i) => html`<li>⚠ ${i.message}</li>`)}</ul>`
    : ''
}
<div class="card-main">
${details(s, about)}
<div class="card-help">
${placeholders(s, ctx, number)}
${suggestions(s, ctx, number)}
</div>
</div>
${cardPanels(s, ctx.panels, number)}
</div>
</form>
${
  // Panels with forms of their own (history's Restore, comments, concordance), so after the
  // segment's form (forms do not nest), and the note form whose field sits in the details.
  // Shown with the full card only (CSS), so the list stays compact.
  html`<div class="card-more">
${recordCardPanels(s, recordPanels(s, ctx), concordancePanel(s, ctx.documentId), number, s.record.openComments > 0 ? ['comments'] : [])}
${noteForm(s, about)}
</div>`
}
</li>`;
}
