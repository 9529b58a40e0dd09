/**
 * Property tests: the offline provider through the pipeline keeps every placeholder, tag and the
 * ICU structure of generated segments, and words and delimiters always rebuild the target.
 */
import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { offlineProvider } from '../../../../server/engine/mt/offline.ts';
import { translateSegments } from '../../../../server/engine/mt/pipeline.ts';
import { findPlaceholders, type PlaceholderSyntax } from '../../../../src/formats/placeholders.ts';
import { placeholderIssues } from '../../../../src/qa/placeholders.ts';

const offline = offlineProvider();

/** QA's placeholder findings of a translation, reading ICU quoting as the messages here do. */
const checkPlaceholders = (
  source: string,
  target: string,
  options: { syntaxes?: readonly PlaceholderSyntax[] } = {},
) => placeholderIssues([source], [target], { icuQuoting: true, ...options });

const word = fc.oneof(
  fc.constantFrom(
    'Save',
    'file',
    "don't",
    'Grüße',
    'naïve',
    '日本語のテキスト',
    'Привет',
    '😀',
    'e-mail',
    'x',
    '42',
    '3.5',
    'ÆØÅ',
    'ﬁle',
  ),
  fc.stringMatching(/^[a-zA-Zà-ÿ]{1,10}$/),
);
const gap = fc.constantFrom(
  ' ',
  ' ',
  ', ',
  '. ',
  '! ',
  ' – ',
  '\n',
  ' (',
  ') ',
  ': ',
  ' "',
  '" ',
  ' & ',
  ' 100% ',
);
const placeholder = fc.constantFrom(
  '%s',
  '%d',
  '%1$s',
  '%2$@',
  '%.2f',
  '%(name)s',
  '%lld',
  '%%',
  '{name}',
  '{count, number}',
  '{d, date, short}',
  '{{x}}',
  '{{- html}}',
  '{{count, number}}',
  '$t(common.ok)',
  '<b>',
  '</b>',
  '<br/>',
  '<a href="/u?a=1&amp;b">',
  '</a>',
  '<x id="1"/>',
);

/** Text with any mix of words, gaps and placeholders (not necessarily a valid ICU message). */
const mixed = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: word },
      { weight: 3, arbitrary: gap },
      { weight: 2, arbitrary: placeholder },
    ),
    {
      minLength: 1,
      maxLength: 14,
    },
  )
  .map((parts) => parts.join(''));

/** A valid ICU message with plural/select (nested), `#`, arguments, tags, i18next and quoting. */
const icuMessage = fc.letrec<{ message: string; plural: string; select: string }>((tie) => ({
  message: fc
    .array(
      fc.oneof(
        { weight: 4, arbitrary: word },
        { weight: 4, arbitrary: gap.filter((g) => !g.includes('%')) },
        {
          weight: 2,
          arbitrary: fc.constantFrom(
            '{name}',
            '{n, number}',
            '<b>',
            '</b>',
            '{{x}}',
            "''",
            "'{literal}'",
            ' l’',
            '%s',
          ),
        },
        { weight: 1, arbitrary: tie('plural') },
        { weight: 1, arbitrary: tie('select') },
      ),
      { minLength: 1, maxLength: 6, depthIdentifier: 'icu' },
    )
    .map((parts) => parts.join('')),
  plural: fc
    .tuple(
      fc.constantFrom('count', 'n'),
      fc.constantFrom('plural', 'selectordinal'),
      fc.constantFrom('', 'offset:1 '),
      tie('message'),
      tie('message'),
      fc.boolean(),
    )
    .map(
      ([arg, type, offset, one, other, exact]) =>
        `{${arg}, ${type}, ${offset}${exact ? '=0 {none} ' : ''}one {# ${one}} other {${other} #}}`,
    ),
  select: fc
    .tuple(tie('message'), tie('message'))
    .map(([female, other]) => `{gender, select, female {${female}} other {${other}}}`),
})).message;

/** ICU as it stands if it parses (`other {{name}}` is then branch syntax, not i18next). */
function pureIcu(message: string): boolean {
  try {
    parse(message, { ignoreTag: true, requiresOtherClause: false });
    return true;
  } catch {
    return false;
  }
}

function readableIcu(message: string): boolean {
  try {
    structure(message);
    return true;
  } catch {
    return false;
  }
}

/** The ICU structure without its literal text: what must not change in translation. */
function structure(message: string): unknown {
  const masked = pureIcu(message) ? message : message.replace(/\{\{[^{}]*\}\}/g, (m) => '_'.repeat(m.length));
  const strip = (elements: MessageFormatElement[]): unknown[] =>
    elements
      .filter((e) => e.type !== 0)
      .map((e) => {
        const { location: _location, ...rest } = e as MessageFormatElement & { location?: unknown };
        if ('options' in rest) {
          const options = Object.fromEntries(
            Object.entries(rest.options).map(([key, option]) => [key, strip(option.value)]),
          );
          return { ...rest, options };
        }
        return rest;
      });
  return strip(parse(masked, { ignoreTag: true, requiresOtherClause: false }));
}

describe('offline translation through the pipeline', () => {
  it('keeps every placeholder and tag of 1,000 generated segments in order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(mixed, { minLength: 1, maxLength: 4 }), async (sources) => {
        const results = await translateSegments(offline, sources, {
          srclang: 'en',
          trglang: 'de',
          projectTags: true,
        });
        results.forEach((r, i) => {
          expect(checkPlaceholders(sources[i]!, r.targetWithTags)).toEqual([]);
          expect(r.target).toBe(r.targetWithTags);
          expect(interleave(r.targetDelimiters, r.targetWords)).toBe(r.target);
        });
      }),
      { numRuns: 1000 },
    );
  });

  it('re-prints the ICU structure of 1,000 generated messages exactly and translates their text', async () => {
    await fc.assert(
      // A message mixing i18next `{{x}}` with a branch that starts with an argument (`other {{n}}`)
      // is ambiguous and read as plain text; every other generated message is valid ICU.
      fc.asyncProperty(icuMessage.filter(readableIcu), async (source) => {
        const [r] = await translateSegments(offline, [source], {
          srclang: 'en',
          trglang: 'fr',
          containsICUData: true,
          projectTags: true,
        });
        expect(structure(r!.target)).toEqual(structure(source));
        const syntaxes = pureIcu(source) ? (['printf', 'icu', 'tags'] as const) : undefined;
        expect(checkPlaceholders(source, r!.target, syntaxes ? { syntaxes } : {})).toEqual([]);
        if (/[A-Za-z]/.test(prose(source))) {
          expect(r!.target).not.toBe(source);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('removes exactly the tags from target when tags are not projected', async () => {
    await fc.assert(
      fc.asyncProperty(mixed, async (source) => {
        const [r] = await translateSegments(offline, [source], { srclang: 'en', trglang: 'de' });
        const strip = (t: string) => t.replace(/<\/?[A-Za-z][^<>]*>/g, '').replace(/\s+/g, ' ');
        expect(strip(r!.target)).toBe(strip(r!.targetWithTags));
        expect(interleave(r!.targetDelimiters, r!.targetWords)).toBe(r!.target);
      }),
      { numRuns: 200 },
    );
  });
});

/** The text outside placeholders. */
function prose(text: string): string {
  let out = '';
  let at = 0;
  const syntaxes = pureIcu(text) ? (['printf', 'icu', 'tags'] as const) : undefined;
  for (const p of findPlaceholders(text, syntaxes ? { syntaxes } : {})) {
    out += text.slice(at, p.start);
    at = p.end;
  }
  return out + text.slice(at);
}

function interleave(delimiters: string[], words: string[]): string {
  expect(delimiters).toHaveLength(words.length + 1);
  return delimiters.map((d, i) => d + (words[i] ?? '')).join('');
}
