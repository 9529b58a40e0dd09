/**
 * Markdown against markdown-it as the second reader (issue 34, build item 2): markdown-it is a
 * CommonMark implementation written apart from our reader; GFM tables enabled, HTML blocks
 * recognised (test/support/oracles/markdown.ts says how its tokens become units). Checked:
 * - our units are markdown-it's text blocks with the same raw texts, for every fixture: ATX and
 *   setext headings (CommonMark §4.2–4.3), paragraphs (§4.8) inside block quotes (§5.1) and list
 *   items at any depth (§5.2–5.3), GFM table cells (§4.10, `\|` being the table's escape), and none
 *   from fenced and indented code (§4.4–4.5), HTML blocks (§4.6), thematic breaks (§4.1) or link
 *   reference definitions (§4.7); YAML front matter's title/description/summary/subtitle by the
 *   `yaml` package;
 * - every file our writer makes (a target written from the source, a target edited with a changed
 *   unit and an added one) has the source's block structure in markdown-it's eyes (the same block
 *   tokens, nested alike: no translation turned into a heading, list, quote or new table row), and
 *   each text block renders to the HTML its translation renders to on its own — the text we meant,
 *   whatever Markdown syntax it holds at a line's start or in a cell;
 * - a planted difference (our reader dropping a unit, or keeping a list marker in a text) is
 *   reported.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markdownFormat } from '../../src/formats/markdown/index.ts';
import type { FormatModule, Unit } from '../../src/formats/model.ts';
import { editTarget, newTarget } from '../../src/formats/target.ts';
import { unitMismatches } from '../support/oracles/compare.ts';
import {
  markdownAsOracle,
  markdownOracleUnits,
  markdownRendered,
  markdownStructure,
  renderInline,
} from '../support/oracles/markdown.ts';

const dir = 'test/fixtures/markdown';
const FIXTURES = readdirSync(dir).filter((f) => f.endsWith('.md'));
const bytesOf = (file: string) => new Uint8Array(readFileSync(join(dir, file)));

const ours = (format: FormatModule, bytes: Uint8Array) => markdownAsOracle(format.parse(bytes));

/** Translations that hold what would change a block if written bare. */
function de(id: string, text: string, n: number): string {
  if (id.startsWith('front-matter.')) return `Titel: „${text}“ — "zitiert" #${n}`;
  if (id.startsWith('t')) return [`a | b ${n}`, `Zelle **${n}**`, `\`x|y\``][n % 3]!;
  if (id.startsWith('h')) return [`Titel ${n} #`, `# Überschrift ${n}`, `- Punkt ${n}`, `Titel ${n}`][n % 4]!;
  return [
    `${text} — DE`,
    `# Kein Titel\n- keine Liste\n1. keine Nummer\n> kein Zitat`,
    `Zeile eins\n===\nZeile drei`,
    `**fett** und \`code\` ${n}\n+ kein Punkt\n\`\`\` kein Code`,
  ][n % 4]!;
}

/** The file as markdown-it sees it must be the source's blocks with the texts we meant. */
function expectMeant(source: Uint8Array, out: Uint8Array, meant: Map<string, string>) {
  expect(markdownStructure(out)).toEqual(markdownStructure(source));
  const rendered = markdownRendered(out);
  const front = markdownOracleUnits(out);
  for (const [id, text] of meant) {
    if (id.startsWith('front-matter.')) expect(front.get(id), id).toBe(text);
    else expect(rendered.get(id), id).toBe(renderInline(text));
  }
}

describe('markdown: markdown-it (CommonMark + GFM tables) reads the units our reader reads', () => {
  it.each(FIXTURES)('%s: the same text blocks with the same texts', (file) => {
    const bytes = bytesOf(file);
    const theirs = markdownOracleUnits(bytes);
    // The oracle must read something. escapes-README-de.md is a cut of 4 blocks: its lines
    // indented 12 columns under a nested item (`\t\t\t- …`) are continuation text of that item's
    // paragraph, not list items (CommonMark 0.31 §5.2: an indented line cannot interrupt a
    // paragraph; markdown-it and our reader agree), so it has 4 units, not more.
    expect(theirs.size).toBeGreaterThanOrEqual(4);
    expect(unitMismatches(ours(markdownFormat, bytes), theirs)).toEqual([]);
  });
});

describe('markdown: markdown-it reads back what our writer writes', () => {
  it.each(FIXTURES)(
    '%s: a target written from the source keeps its blocks and says what we meant',
    (file) => {
      const source = bytesOf(file);
      const meant = new Map([...ours(markdownFormat, source)].map(([id, text], n) => [id, de(id, text, n)]));
      expectMeant(source, newTarget(markdownFormat, source, meant, { targetLang: 'de' }), meant);
    },
  );

  it.each(FIXTURES)('%s: a target edited (a unit changed, one added) keeps the rest as it was', (file) => {
    const source = bytesOf(file);
    const units = [...ours(markdownFormat, source)];
    const [changed, added] = [units[0]![0], units[units.length - 1]![0]];
    const all = new Map(units.filter(([id]) => id !== added).map(([id, text], n) => [id, de(id, text, n)]));
    const people = newTarget(markdownFormat, source, all, { targetLang: 'de' });
    const set = new Map([
      [changed, de(changed, 'geändert', 1)],
      [added, de(added, 'neu', 3)],
    ]);
    const out = editTarget(markdownFormat, people, { source, set, remove: new Set() }, { targetLang: 'de' });
    expectMeant(source, out, new Map([...all, ...set]));
  });
});

describe('markdown: a planted difference is reported', () => {
  const bytes = bytesOf('README.md');
  const planted = (bend: (units: Unit[]) => Unit[]): FormatModule => ({
    ...markdownFormat,
    parse: (b: Uint8Array) => bend(markdownFormat.parse(b)),
  });

  it('a reader that drops the last paragraph', () => {
    const last = markdownFormat
      .parse(bytes)
      .filter((u) => u.id.startsWith('p'))
      .at(-1)!;
    const dropping = planted((units) => units.filter((u) => u.id !== last.id));
    expect(unitMismatches(ours(dropping, bytes), markdownOracleUnits(bytes))).toEqual([
      { id: last.id, ours: undefined, theirs: last.source },
    ]);
  });

  it('a reader that keeps the list marker in a list item’s text', () => {
    const item = 'Markdown editing with live preview';
    const bending = planted((units) =>
      units.map((u) => (u.source === item ? { ...u, source: `- ${item}` } : u)),
    );
    const found = unitMismatches(ours(bending, bytes), markdownOracleUnits(bytes));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ ours: `- ${item}`, theirs: item });
  });

  it('a writer that leaves a line start unescaped turns a paragraph into a heading', () => {
    const meant = new Map([['p1', 'Erste Zeile\n# Kein Titel']]);
    const written = new TextDecoder().decode(newTarget(markdownFormat, bytes, meant, { targetLang: 'de' }));
    expect(written).toContain('\\# Kein Titel');
    const bare = new TextEncoder().encode(written.replace('\\# Kein Titel', '# Kein Titel'));
    expect(markdownStructure(bare)).not.toEqual(markdownStructure(bytes));
  });
});

describe('markdown: a translation that would open another block if written bare', () => {
  const encode = (s: string) => new TextEncoder().encode(s);
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  // Structure kept and the text renders as meant; `same: false` where only an escape keeps the
  // block (raw HTML at a paragraph's start is an HTML block, a blank line ends a paragraph) or
  // where what goes is not text (a paragraph's leading spaces, CommonMark §4.8).
  const cases: [string, string, string, boolean][] = [
    ['Intro.\n\nText.\n', 'p2', '    vier Leerzeichen', false],
    ['Intro.\n\nText.\n', 'p2', '\tTabulator', false],
    ['Intro.\n\nText.\n', 'p2', '<div>', false],
    ['Intro.\n\nText.\n', 'p2', '<p>', false],
    ['Intro.\n\nText.\n', 'p2', '<!-- kein Kommentar -->', false],
    ['Intro.\n\nText.\n', 'p2', 'a\n<div>', false],
    ['Intro.\n\nText.\n', 'p2', '[x]: /url', true],
    ['Intro.\n\nText.\n', 'p2', '[x]:\n/url "Titel"', true],
    ['- Punkt\n- Text\n', 'p2', '[x]: /url\n<p>\n    Code', false],
    ['Intro.\n\nText.\n', 'p2', 'a\n\nb', false],
    ['- Punkt\n- Text\n', 'p2', '<div>', false],
    ['> Zitat\n>\n> Text\n', 'p2', 'a\n<!-- x -->', false],
    ['Titel\n-----\n\nText.\n', 'h1', 'a | b', true],
    ['Titel\n-----\n\nText.\n', 'h1', 'a |', true],
    ['Titel\n-----\n\nText.\n', 'h1', 'a \\| b', true],
    ['Titel\n-----\n\nText.\n', 'h1', 'x\n| a', true],
    ['Intro.\n\nText.\n', 'p2', 'x\n| a |\n| --- |', true],
  ];
  it.each(cases)('%j: %s as %j', (doc, id, text, same) => {
    const source = encode(doc);
    const meant = new Map([[id, text]]);
    const out = newTarget(markdownFormat, source, meant, { targetLang: 'de' });
    expect(markdownStructure(out), decode(out)).toEqual(markdownStructure(source));
    if (same) expectMeant(source, out, meant);
    expect(markdownOracleUnits(out).size).toBe(markdownOracleUnits(source).size);
  });
});

describe('markdown: link reference definitions as markdown-it reads them (CommonMark §4.7)', () => {
  const encode = (s: string) => new TextEncoder().encode(s);
  it.each([
    '[foo]: /url\n"title"\n\nText.\n',
    '[foo]:\n/url\n\nText.\n',
    "[foo]:\n/url\n'a title\nover two lines'\nText.\n",
    '[foo]: /url\n"title" ok\n',
    '[foo]: /url "title" ok\n',
    '[foo]: <a b> (title)\n[bar]: /b\nText.\n',
    '[foo]:\n\nText.\n',
  ])('%j', (doc) => {
    const bytes = encode(doc);
    expect(unitMismatches(ours(markdownFormat, bytes), markdownOracleUnits(bytes))).toEqual([]);
  });
});
