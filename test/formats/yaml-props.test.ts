/**
 * Property tests: generated YAML files (awkward keys, quotes, unicode, empty values, every scalar
 * style, comments, CRLF) survive render round trips.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Scalar } from 'yaml';
import { Document, isPair, isScalar, visit } from 'yaml';
import { yamlFormat } from '../../src/formats/yaml/index.ts';

const awkwardText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 24 }),
  fc.constantFrom(
    '',
    ' lead',
    'trail ',
    'a: b',
    '# not a comment',
    "it's",
    '"dq"',
    'back\\slash',
    'line\nbreak',
    '\n\nlead',
    'tail\n\n',
    'true',
    '123',
    '- dash',
    'tab\there',
    'ünï 😀 ✓',
    'x #y',
    '%{count} items',
    '@at',
    '*star',
    '  ',
    '\u2028sep',
    'a\r\nb',
    '{a}',
    '[b]',
    'a, b',
    '  indented\nnext',
    'bell\u0007',
    'multi\n  indented\n\n\nend\n',
  ),
);
const awkwardKey = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 10 }),
  fc.constantFrom('a.b', 'c[0]', 'key with space', 'ключ', '1', 'true', 'x:y', "it's", '"q"', '#h', 'back\\'),
);

type Tree = { [key: string]: string | number | boolean | null | Tree | string[] };
const tree: fc.Arbitrary<Tree> = fc.letrec<{ node: Tree }>((tie) => ({
  node: fc.dictionary(
    awkwardKey,
    fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      awkwardText,
      awkwardText,
      fc.constantFrom(null, 3, false),
      fc.array(awkwardText, { maxLength: 3 }),
      tie('node'),
    ),
    { maxKeys: 5 },
  ),
})).node;

const STYLES = ['PLAIN', 'QUOTE_SINGLE', 'QUOTE_DOUBLE', 'BLOCK_LITERAL', 'BLOCK_FOLDED'] as const;
const fileArb = fc.record({
  tree,
  styles: fc.array(fc.constantFrom(...STYLES), { minLength: 1, maxLength: 16 }),
  comments: fc.array(fc.option(fc.constantFrom(' note for translators', ' two\n line note', ' ✓ ünicode'))),
  flow: fc.boolean(),
  flowMaps: fc.boolean(),
  crlf: fc.boolean(),
});

type FileSpec = typeof fileArb extends fc.Arbitrary<infer T> ? T : never;

/** Writes the tree as YAML with the chosen scalar styles and comments (yaml falls back where a style cannot hold a value). */
function writeFile({ tree, styles, comments, flow, flowMaps, crlf }: FileSpec): Uint8Array {
  const doc = new Document(tree);
  let n = 0;
  let c = 0;
  visit(doc, {
    Scalar(key, node) {
      if (key !== 'key') (node as Scalar).type = styles[n++ % styles.length];
    },
    Pair(_, pair) {
      const comment = comments[c++ % Math.max(comments.length, 1)];
      if (comment && isPair(pair) && isScalar(pair.key)) pair.key.commentBefore = comment;
    },
    Seq(_, seq) {
      seq.flow = flow;
    },
    Map(_, map) {
      if (map !== doc.contents) map.flow = flowMaps;
    },
  });
  const text = doc.toString();
  return new TextEncoder().encode(crlf ? text.replace(/\n/g, '\r\n') : text);
}

describe('yaml: property round trips', () => {
  it('render with no translations, or with the sources, is byte-identical', () => {
    fc.assert(
      fc.property(fileArb, (file) => {
        const bytes = writeFile(file);
        const units = yamlFormat.parse(bytes);
        expect(Buffer.from(yamlFormat.render(bytes, new Map(), { targetLang: 'de' })).equals(bytes)).toBe(
          true,
        );
        const same = new Map(units.map((u) => [u.id, u.sourcePlural ?? u.source]));
        expect(Buffer.from(yamlFormat.render(bytes, same, { targetLang: 'en' })).equals(bytes)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('render with awkward translations then parse gives them back, other units unchanged', () => {
    fc.assert(
      fc.property(fileArb, fc.array(awkwardText, { minLength: 1, maxLength: 20 }), (file, texts) => {
        const bytes = writeFile(file);
        const units = yamlFormat.parse(bytes);
        const translations = new Map<string, string>();
        units.forEach((u, i) => {
          if (i % 2 === 0 || texts.length > 10) translations.set(u.id, texts[i % texts.length]!);
        });
        const rendered = yamlFormat.render(bytes, translations, { targetLang: 'de' });
        const back = yamlFormat.parse(rendered);
        expect(back.map((u) => u.id)).toEqual(units.map((u) => u.id));
        back.forEach((u, i) => {
          expect(u.source).toBe(translations.get(u.id) ?? units[i]!.source);
        });
      }),
      { numRuns: 200 },
    );
  });
});
