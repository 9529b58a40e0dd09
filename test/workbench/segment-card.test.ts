import { describe, expect, it } from 'vitest';
import type { EditorSegment } from '../../server/services/workbench/document-view.ts';
import { html } from '../../server/workbench/html.ts';
import { type SegmentContext, segmentItem } from '../../server/workbench/pages/segment.ts';

const segment = (over: Partial<EditorSegment> = {}): EditorSegment => ({
  id: 7,
  position: 2,
  key: 'checkout.title',
  source: 'Pay {amount} now',
  sourcePlural: undefined,
  target: null,
  targetPlural: undefined,
  status: 'new',
  origin: null,
  matchScore: 0,
  context: null,
  notes: 'Button of the <b>last</b> step',
  maxLength: 20,
  words: 1,
  updatedBy: null,
  issues: [],
  placeholders: ['{amount}'],
  untranslated: true,
  suggestions: { tm: [], mt: 'Jetzt {amount} zahlen' },
  record: { versions: [], versionCount: 0, memory: [], comments: [], openComments: 0 },
  revision: 0,
  terms: { source: [], forms: {} },
  references: [],
  unitContext: undefined,
  ...over,
});
const context = (over: Partial<SegmentContext> = {}): SegmentContext => ({
  documentId: 3,
  csrf: 'token',
  srclang: 'en',
  trglang: 'de',
  targetCategories: ['one', 'other'],
  focusId: undefined,
  locked: false,
  unconfirmedOnly: false,
  open: ['new', 'draft', 'translated'],
  pageUrl: '/workbench/documents/3?page=2',
  panels: [],
  ...over,
});

describe('segmentItem', () => {
  it('renders each panel as a labelled section of the card, in order, escaped', () => {
    const out = segmentItem(
      segment(),
      context({
        panels: [
          { id: 'glossary', title: 'Glossary <terms>', body: html`<p>${'checkout → Kasse'}</p>` },
          { id: 'screenshots', title: 'Screenshots', body: html`<ul><li>shot.png</li></ul>` },
        ],
      }),
    ).text;
    expect(out).toContain(
      '<section class="card-panel" id="glossary-7" aria-labelledby="panel-glossary-7">\n<h3 id="panel-glossary-7">Glossary &lt;terms&gt;<span class="visually-hidden"> of segment 3</span></h3>\n<p>checkout → Kasse</p>\n</section>',
    );
    expect(out.indexOf('panel-glossary-7')).toBeLessThan(out.indexOf('panel-screenshots-7'));
    // Inside the card (the segment's form), after its actions, details and suggestions.
    expect(out.indexOf('class="card"')).toBeLessThan(out.indexOf('Copy source'));
    expect(out.indexOf('class="suggestions"')).toBeLessThan(out.indexOf('panel-glossary-7'));
    expect(out.indexOf('panel-screenshots-7')).toBeLessThan(out.indexOf('</form>'));
    // The record's panels (forms of their own) after the segment's form, in the same card order.
    const after = out.slice(out.indexOf('</form>'));
    expect(after.indexOf('panel-history-7')).toBeLessThan(after.indexOf('panel-comments-7'));
    expect(after.indexOf('panel-comments-7')).toBeLessThan(after.indexOf('panel-concordance-7'));
  });

  it('shows the key, the notes in short, "1 word", and opens as the card only when focused', () => {
    const row = segmentItem(segment(), context()).text;
    expect(row).toContain('<code>checkout.title</code>');
    expect(row).toContain('<span class="short">Button of the &lt;b&gt;last&lt;/b&gt; step</span>');
    expect(row).toContain('<span class="words">1 word</span>');
    expect(row).toContain('href="/workbench/documents/3?page=2&amp;focus=7"');
    expect(row).not.toContain('expanded');
    expect(row).not.toContain('autofocus');
    const card = segmentItem(segment({ words: 3 }), context({ focusId: 7 })).text;
    expect(card).toContain('class="segment open expanded"');
    expect(card).toMatch(/id="t-7" name="target"[^>]*autofocus/);
    expect(card).toContain('<span class="words">3 words</span>');
    expect(card).toContain(
      'At most 20 characters<span data-count-for="t-7" aria-live="polite"> (0 of 20)</span>.',
    );
  });

  it('gives plural units one line per target category, the source form beside the target form, and fills by category', () => {
    const out = segmentItem(
      segment({
        sourcePlural: { one: '{count} item', other: '{count} items' },
        source: '{count} items',
        placeholders: ['{count}'],
        suggestions: { tm: [], mt: { one: '{count} Artikel', other: '{count} Artikel' } },
      }),
      context({ targetCategories: ['one', 'few', 'many', 'other'] }),
    ).text;
    for (const c of ['one', 'few', 'many', 'other']) expect(out).toContain(`name="plural_${c}"`);
    // Categories the source lacks show (and copy) its `other` form.
    expect(out).toContain('<span class="source-text" lang="en" id="src-7-few">{count} items</span>');
    expect(out).toMatch(/id="src-7-one">\{count\} item<\/span>\n<textarea id="t-7-one"/);
    expect(out).toContain(
      'value="{&quot;plural_one&quot;:&quot;{count} item&quot;,&quot;plural_few&quot;:&quot;{count} items&quot;,&quot;plural_many&quot;:&quot;{count} items&quot;,&quot;plural_other&quot;:&quot;{count} items&quot;}"',
    );
  });

  it('numbers suggestions and placeholders as their shortcuts, and disables every action when locked', () => {
    const out = segmentItem(segment(), context()).text;
    expect(out).toContain('data-shortcut="Alt+1" data-shortcut-help="Use suggestion 1 (TM or MT)"');
    expect(out).toContain('data-insert="{amount}" data-shortcut="Alt+Shift+1"');
    const whole = segmentItem(segment(), context({ locked: true })).text;
    // The segment's own form; comments (after it) stay open once the project is done.
    const locked = whole.slice(0, whole.indexOf('</form>'));
    // Buttons of other forms placed in the card (the note's, `form=`) are not the segment's.
    const buttons = (locked.match(/<button[^>]*>/g) ?? []).filter((b) => !b.includes(' form="'));
    expect(buttons.length).toBeGreaterThan(4);
    for (const b of buttons) expect(b).toContain(' disabled');
    expect(locked).toMatch(/<textarea[^>]* readonly/);
  });

  it('says each thing once: a description the file also gives as notes, the limit, what a placeholder means', () => {
    const unitContext = {
      unitId: 'checkout.title',
      description: 'Button of the last step',
      notes: 'Button of the last step',
      maxLength: 20,
      maxWidth: { px: 120, font: 'Roboto-14' },
      doNotTranslate: false,
      placeholders: { amount: { description: 'the total', example: '€3' }, user: { type: 'String' } },
      owners: { description: 'l10n/app_en.arb' },
      platformNotes: [{ text: 'Short on phones', author: 'rev@example.com', createdAt: 0 }],
    };
    const card = segmentItem(
      segment({ notes: 'Button of the last step', unitContext }),
      context({ focusId: 7 }),
    ).text;
    const count = (text: string) => card.split(text).length - 1;
    // In the row in short (hidden while the card is open) and once in the card's details.
    expect(count('Button of the last step')).toBe(2);
    expect(card).toContain('<span class="short">Button of the last step</span>');
    expect(card).toContain(
      '<dt>Description</dt><dd class="pre">Button of the last step <span class="muted">(kept in l10n/app_en.arb)</span></dd>',
    );
    expect(card).not.toContain('<dt>Notes</dt>');
    expect(count('At most 20 characters')).toBe(1);
    expect(count('At most 120 px wide in Roboto-14')).toBe(1);
    // The meaning beside the placeholder it explains; one the source does not show, listed alone.
    expect(card).toContain('<li><code>{amount}</code> <span class="meaning">the total · e.g. €3</span>');
    expect(card).toContain('<li><code>user</code> <span class="meaning">String</span></li>');
    expect(count('the total')).toBe(1);
    expect(count('Short on phones')).toBe(1);
    // Notes that say more than the description are shown too, in the row and the card.
    const both = segmentItem(segment({ notes: 'Keep it short', unitContext }), context({ focusId: 7 })).text;
    expect(both).toContain('<span class="short">Button of the last step · Keep it short</span>');
    expect(both).toContain('<dt>Notes</dt><dd class="pre">Keep it short</dd>');
  });
});
