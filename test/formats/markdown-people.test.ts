/**
 * People's Markdown translations through a sync (DESIGN §7): a target rebuilt from the source to
 * add units keeps the bytes of every block people wrote, and escapes go only where CommonMark
 * needs them. markdown-it (a CommonMark implementation) is the second reader of what we write.
 */
import { readFileSync } from 'node:fs';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { markdownFormat } from '../../src/formats/markdown/index.ts';
import { editTarget } from '../../src/formats/target.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);
const md = new MarkdownIt();
const html = (s: string) => md.render(s);
const withoutFirstLine = (s: string) => s.slice(s.indexOf('\n') + 1);

/** Renders translations given by source text. */
const render = (s: string, bySource: Record<string, string>) => {
  const units = markdownFormat.parse(enc(s));
  const t = new Map(units.filter((u) => u.source in bySource).map((u) => [u.id, bySource[u.source]!]));
  return dec(markdownFormat.render(enc(s), t, { targetLang: 'de' }));
};

describe('markdown: people’s translations in a target rebuilt from the source', () => {
  // jwasham/coding-interview-university: the German README lacks the source's last heading and
  // paragraph; its headings start `1. `, and a list item's continuation lines, indented with tabs
  // on one line and spaces on the next, start `- `.
  const source = readFileSync('test/fixtures/markdown/escapes-README.md', 'utf8');
  const german = readFileSync('test/fixtures/markdown/escapes-README-de.md', 'utf8');
  const added = new Map([
    ['h2', '2. Benutze Lernkarten'],
    ['p4', 'Um das Problem zu lösen, habe ich eine kleine Lernkarten-Seite gebaut.'],
  ]);
  const synced = () =>
    dec(
      editTarget(
        markdownFormat,
        enc(german),
        { source: enc(source), set: added, remove: new Set() },
        { targetLang: 'de' },
      ),
    );

  it('keeps every unit people wrote byte for byte: no `1\\.`, no `\\-`, their own indentation', () => {
    // The rebuilt file takes the source's skeleton (its first line, an HTML comment, is the
    // source's); every line after it is the German file's, then the two new units.
    expect(withoutFirstLine(synced())).toBe(
      `${withoutFirstLine(german)}\n### 2. Benutze Lernkarten\n\nUm das Problem zu lösen, habe ich eine kleine Lernkarten-Seite gebaut.\n`,
    );
  });

  it('gives a CommonMark reader the same document people wrote, plus the new units', () => {
    const out = html(withoutFirstLine(synced()));
    expect(out.startsWith(html(withoutFirstLine(german)))).toBe(true);
    expect(out).toContain('<h3>2. Benutze Lernkarten</h3>');
  });

  it('reads back every held unit with the text people wrote', () => {
    const before = new Map(markdownFormat.parse(enc(german)).map((u) => [u.id, u.source]));
    const after = new Map(markdownFormat.parse(enc(synced())).map((u) => [u.id, u.source]));
    for (const [id, text] of before) expect(after.get(id), id).toBe(text);
    expect(after.get('h2')).toBe('2. Benutze Lernkarten');
  });

  it('keeps a continuation line’s own indentation where the source’s block is one line', () => {
    // coding-interview-university's Russian README: a two-line item paragraph (its `- ` line
    // indented past the item's content, so text) stands where the source has a one-line item
    // deeper in the list. Written with the source's indentation alone, `- ` would open a list.
    const target = '- Ein:\n- [ ] [C Code](x)\n        - не все видео\n';
    const out = dec(
      editTarget(
        markdownFormat,
        enc(target),
        {
          source: enc('- a:\n    - [ ] raw data\n\nNew\n'),
          set: new Map([['p3', 'Neu']]),
          remove: new Set(),
        },
        { targetLang: 'ru' },
      ),
    );
    expect(out).toBe('- Ein:\n    - [ ] [C Code](x)\n            - не все видео\n\nNeu\n');
    expect(markdownFormat.parse(enc(out)).map((u) => u.source)).toEqual([
      'Ein:',
      '[ ] [C Code](x)\n- не все видео',
      'Neu',
    ]);
    expect(html(out)).toContain('<li>[ ] <a href="x">C Code</a>\n- не все видео</li>');
  });

  it('does not carry a people’s block whose bytes would read differently in the source’s place', () => {
    // The target's paragraph is a quote's (`> ` on its second line); the source's is not: its
    // text comes over without the target's prefix, so it stays one paragraph.
    const target = '> Erste Zeile\n> zweite Zeile\n\nNeu?\n';
    const out = dec(
      editTarget(
        markdownFormat,
        enc(target),
        {
          source: enc('First line\nsecond line\n\nNew\n\nAdded\n'),
          set: new Map([['p3', 'Dazu']]),
          remove: new Set(),
        },
        { targetLang: 'de' },
      ),
    );
    expect(out).toBe('Erste Zeile\nzweite Zeile\n\nNeu?\n\nDazu\n');
  });
});

describe('markdown: escapes only where CommonMark needs them', () => {
  it('never escapes the start of an ATX heading’s text', () => {
    expect(render('### Title\n', { Title: '1. Titel' })).toBe('### 1. Titel\n');
    expect(render('# Title\n', { Title: '- Punkt' })).toBe('# - Punkt\n');
    expect(html('### 1. Titel\n')).toBe('<h3>1. Titel</h3>\n');
  });

  it('escapes a paragraph continuation line only where it would interrupt the paragraph', () => {
    const out = render('Para\n', { Para: 'a\n2. zwei\n1. eins\n-- Strich' });
    // `2.` cannot interrupt a paragraph, `1. x` can; `--` is not a list marker.
    expect(out).toBe('a\n2. zwei\n1\\. eins\n-- Strich\n');
    expect(html(out)).toBe('<p>a\n2. zwei\n1. eins\n-- Strich</p>\n');
  });

  it('escapes a deeply indented continuation line only when its indentation does not protect it', () => {
    // The source's second line is indented past the item's content: `- ` there is text.
    const source = '- item\n      more\n';
    const out = render(source, { 'item\nmore': 'Eintrag\n- mehr' });
    expect(out).toBe('- Eintrag\n      - mehr\n');
    expect(html(out)).toBe(html('- Eintrag\n      \\- mehr\n'));
  });

  it('escapes a lazy continuation line that would end its list item, found by reading it back', () => {
    // A lazy line (no indentation) of a list item: any list marker ends the item there.
    const out = render('- item\nlazy\n', { 'item\nlazy': 'Eintrag\n2. faul' });
    expect(out).toBe('- Eintrag\n2\\. faul\n');
    expect(html(out)).toBe('<ul>\n<li>Eintrag\n2. faul</li>\n</ul>\n');
  });
});
