/**
 * Placeholders inside and around HTML/XML markup survive MT (issue 23): a placeholder after a tag
 * whose attribute is quoted with apostrophes, or after any apostrophe, used to be read as quoted
 * ICU text and pseudo-translated as words.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { offlineProvider } from '../../../../server/engine/mt/offline.ts';
import { translateSegments } from '../../../../server/engine/mt/pipeline.ts';
import { findPlaceholders } from '../../../../src/formats/placeholders.ts';

const offline = offlineProvider();
const translate = async (source: string) =>
  (await translateSegments(offline, [source], { srclang: 'en', trglang: 'de', projectTags: true }))[0]!;

describe('placeholders in markup through the offline MT pipeline', () => {
  it("keeps %{post_link} after a tag whose attribute holds %{x} in apostrophes (the issue's example)", async () => {
    const item = await translate("See the <a href='%{x}'>post</a> %{post_link}.");
    expect(item.targetWithTags).toBe("Ŝéé ţĥé <a href='%{x}'>þööšţ</a> %{post_link}.");
    expect(item.target).toBe(item.targetWithTags);
  });

  it('keeps an ICU argument after a French elision and after an apostrophe-quoted attribute', async () => {
    expect((await translate("l'{name} <a title='x'>ok</a> {count}")).targetWithTags).toBe(
      "ļ'{name} <a title='x'>öķ</a> {count}",
    );
  });

  it('drops the tags from target but keeps the placeholders when tags are not projected', async () => {
    const [item] = await translateSegments(offline, ["<b class='x'>Hi</b> %{user}"], {
      srclang: 'en',
      trglang: 'de',
    });
    expect(item!.target).toBe('Ĥî %{user}');
  });
});

/** Every placeholder style detection knows, one or more spellings each. */
const placeholder = fc.constantFrom(
  '%s',
  '%d',
  '%.2f',
  '%lld',
  '%@',
  '%(name)s',
  '%1$s',
  '%2$@',
  '%{name}',
  '%{post_link}',
  '%<count>d',
  '{name}',
  '{0}',
  '{count, number}',
  '{d, date, short}',
  '{{x}}',
  '{{- html}}',
  '{{count, number}}',
  '$t(common.ok)',
  '<br/>',
);
const words = fc.constantFrom('See', 'the post', "don't", 'Grüße', 'l’', 'ok', '42');
/** A placeholder as it stands in markup: text, attribute values in either quote, entities, apostrophes. */
const inContext = fc
  .tuple(
    placeholder,
    fc.constantFrom(
      (p: string) => p,
      (p: string) => `<a href='${p}'>`,
      (p: string) => `<a href="${p}" title='t'>`,
      (p: string) => `<span data-x='${p}' class="c">`,
      (p: string) => `<b><i>${p}</i></b>`,
      (p: string) => `<b>${p}</b>`,
      (p: string) => `&amp;${p}`,
      (p: string) => `${p}&nbsp;`,
      (p: string) => `&#39;${p}&#39;`,
      (p: string) => `'${p}'`,
      (p: string) => `l'${p}`,
      (p: string) => `<x:ph xml:lang='en'>${p}</x:ph>`,
    ),
  )
  .map(([p, wrap]) => ({ placeholder: p, text: wrap(p) }));
const segment = fc
  .array(
    fc.oneof({ weight: 2, arbitrary: inContext }, { weight: 2, arbitrary: words.map((text) => ({ text })) }),
    {
      minLength: 1,
      maxLength: 8,
    },
  )
  .map((parts) => ({
    source: parts.map((p) => p.text).join(' '),
    placeholders: parts.flatMap((p) => ('placeholder' in p ? [p.placeholder] : [])),
  }));

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('placeholder protection in markup (property)', () => {
  it('every placeholder of the source is in the MT output unchanged, in every markup context', async () => {
    await fc.assert(
      fc.asyncProperty(segment, async ({ source, placeholders }) => {
        const item = await translate(source);
        for (const p of new Set(placeholders)) {
          expect(occurrences(item.targetWithTags, p), `${p} in ${item.targetWithTags}`).toBe(
            occurrences(source, p),
          );
        }
        const texts = (t: string) => findPlaceholders(t, { icuQuoting: false }).map((p) => p.text);
        expect(texts(item.targetWithTags)).toEqual(texts(source));
      }),
      { numRuns: 300 },
    );
  });
});
