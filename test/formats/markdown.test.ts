import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markdownFormat } from '../../src/formats/markdown/index.ts';

const fixtures = ['README.md', 'CONTRIBUTING-crlf.md', 'docs-page.md'].map(
  (f) => `test/fixtures/markdown/${f}`,
);

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);
const sources = (s: string) => markdownFormat.parse(enc(s)).map((u) => u.source);
/** Renders translations given by source text (ids are content hashes). */
const render = (s: string, bySource: Record<string, string>) => {
  const units = markdownFormat.parse(enc(s));
  const t = new Map(units.filter((u) => u.source in bySource).map((u) => [u.id, bySource[u.source]!]));
  return dec(markdownFormat.render(enc(s), t, { targetLang: 'de' }));
};

describe('markdown: units', () => {
  it('finds headings, paragraphs, list items, quotes and table cells, skipping code and HTML', () => {
    const units = markdownFormat.parse(readFileSync(fixtures[0]!));
    const texts = units.map((u) => u.source);
    expect(texts).toContain('Installation');
    expect(texts).toContain('Setext heading');
    expect(texts).toContain('Nested folders up to 8 levels');
    expect(texts).toContain('Choose a provider and press `Connect`.');
    expect(texts).toContain('**Note:** the free plan keeps 30 days of history.\nUpgrade to keep everything.');
    expect(texts).toContain('$5/month');
    expect(texts.join('\n')).not.toMatch(/npm install|indented block|<img|https:\/\/acme.example\/guide$/m);
  });

  it('keeps inline code, link URLs and inline HTML in the unit text', () => {
    const texts = sources('See [the guide](https://x.example/a "T") and `npm test` or <kbd>Ctrl</kbd>.\n');
    expect(texts).toEqual(['See [the guide](https://x.example/a "T") and `npm test` or <kbd>Ctrl</kbd>.']);
  });

  it('makes front matter title and description units and leaves other keys alone', () => {
    const units = markdownFormat.parse(readFileSync(fixtures[0]!));
    expect(units.slice(0, 2).map((u) => [u.id, u.source])).toEqual([
      ['front-matter.title', 'Acme Notes'],
      ['front-matter.description', 'Fast, private notes that sync everywhere.'],
    ]);
    expect(sources('---\ntitle: [bad\n---\nText\n')).toEqual(['Text']);
  });

  it('gives ordinal ids per kind, so a new paragraph does not shift headings or cells', () => {
    const a = markdownFormat.parse(enc('# Title\n\nFirst.\n\n| x |\n|---|\n| y |\n\n## End\n'));
    expect(a.map((u) => u.id)).toEqual(['h1', 'p1', 't1', 't2', 'h2']);
    const b = markdownFormat.parse(enc('# Title\n\nNew.\n\nFirst.\n\n| x |\n|---|\n| y |\n\n## End\n'));
    expect(b.map((u) => u.id)).toEqual(['h1', 'p1', 'p2', 't1', 't2', 'h2']);
  });

  it('treats an ATX closing sequence and setext underline as markup, not text', () => {
    expect(sources('## Title ##\n\nPara\ngraph\n===\n')).toEqual(['Title', 'Para\ngraph']);
  });

  it('skips math, directive lines, TOML front matter and link definitions, but not footnotes', () => {
    const doc =
      '+++\ntitle = "x"\n+++\n\n:::tip Hint\nUse it.\n:::\n\n$$\na^2 + b^2\n$$\n\n[a]: https://x.example\n[^1]: A footnote.\n';
    expect(sources(doc)).toEqual(['Use it.', '[^1]: A footnote.']);
  });

  it('skips fenced code even when it contains Markdown, and unclosed fences run to the end', () => {
    expect(sources('Before\n\n```md\n# not a heading\n```\n\nAfter\n\n~~~\nopen\n')).toEqual([
      'Before',
      'After',
    ]);
  });
});

describe('markdown: render', () => {
  it('writes multi-line translations with the container prefix of quotes and list items', () => {
    expect(render('> quoted\n> text\n', { 'quoted\ntext': 'zitiert\nText\nmehr' })).toBe(
      '> zitiert\n> Text\n> mehr\n',
    );
    expect(render('- item\n- other\n', { item: 'Eintrag\nzweite Zeile' })).toBe(
      '- Eintrag\n  zweite Zeile\n- other\n',
    );
    expect(render('> 1. deep\n', { deep: 'tief\nunten' })).toBe('> 1. tief\n>    unten\n');
  });

  it('escapes line starts that would make another block', () => {
    expect(render('Para\n', { Para: '# not heading\n- not list\n1. not ordered\n===\n:::note' })).toBe(
      '\\# not heading\n\\- not list\n1\\. not ordered\n\\===\n\\:::note\n',
    );
  });

  it('escapes pipes in table cells and writes line breaks as <br>', () => {
    expect(render('| a | b |\n|---|---|\n| x | y |\n', { x: 'p|q\nr' })).toBe(
      '| a | b |\n|---|---|\n| p\\|q<br>r | y |\n',
    );
  });

  it('keeps ATX heading markup and puts a multi-line heading translation on one line', () => {
    expect(render('## Title ##\n', { Title: 'Titel\nneu' })).toBe('## Titel neu ##\n');
  });

  it('writes front matter values in their YAML style', () => {
    expect(render("---\ntitle: Hi\ndescription: 'x'\n---\n", { Hi: 'Hallo: Welt', x: "l'eau" })).toBe(
      "---\ntitle: 'Hallo: Welt'\ndescription: 'l''eau'\n---\n",
    );
  });
});

describe('markdown: property round trips', () => {
  const word = fc.constantFrom(
    'alpha',
    'Grüße',
    '`code`',
    '**bold**',
    '[link](https://x.example/a_b)',
    '<b>tag</b>',
    '😀',
    'x.',
    '%s',
  );
  const sentence = fc.array(word, { minLength: 1, maxLength: 6 }).map((w) => w.join(' '));
  const lines = fc.array(sentence, { minLength: 1, maxLength: 3 }).map((l) => l.join('\n'));
  const block = fc.oneof(
    sentence.map((s) => `# ${s}`),
    lines,
    fc.array(sentence, { minLength: 1, maxLength: 3 }).map((items) => items.map((s) => `- ${s}`).join('\n')),
    lines.map((l) => l.replace(/^/gm, '> ')),
    fc.tuple(sentence, sentence).map(([a, b]) => `| ${a} | ${b} |\n|---|---|\n| ${b} | ${a} |`),
    sentence.map((s) => `\`\`\`\n${s}\n# code\n\`\`\``),
    sentence.map((s) => `Setext ${s}\n---`),
  );
  const docArb = fc.record({ blocks: fc.array(block, { minLength: 1, maxLength: 8 }), crlf: fc.boolean() });

  it('render without translations is identical; translations come back under the same ids', () => {
    fc.assert(
      fc.property(
        docArb,
        fc.array(sentence, { minLength: 1 }),
        fc.array(lines, { minLength: 1 }),
        (doc, short, long) => {
          const text = doc.blocks.join('\n\n') + '\n';
          const bytes = enc(doc.crlf ? text.replace(/\n/g, '\r\n') : text);
          const units = markdownFormat.parse(bytes);
          expect(
            Buffer.from(markdownFormat.render(bytes, new Map(), { targetLang: 'de' })).equals(bytes),
          ).toBe(true);
          const translations = new Map(
            units.map((u, i) => [
              u.id,
              u.id.startsWith('p') ? long[i % long.length]! : short[i % short.length]!,
            ]),
          );
          const back = markdownFormat.parse(markdownFormat.render(bytes, translations, { targetLang: 'de' }));
          expect(back.map((u) => [u.id, u.source])).toEqual(units.map((u) => [u.id, translations.get(u.id)]));
        },
      ),
      { numRuns: 200 },
    );
  });
});
