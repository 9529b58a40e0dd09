/**
 * MT protects what the file's format fills, the same answer the QA check uses
 * (FormatModule.placeholders, issue 34 finding 8): in a Rails file `%{name}` is a code and a URL's
 * `%C3%A4` is text; elsewhere every syntax is protected as before.
 */
import { describe, expect, it } from 'vitest';
import { translateSegments } from '../../../../server/engine/mt/pipeline.ts';
import type { MtProvider, MtRequest } from '../../../../server/engine/mt/types.ts';
import { machineTranslateUnits } from '../../../../server/services/mt-units.ts';
import { extractXliff } from '../../../../src/formats/exchange.ts';
import { placeholdersOf } from '../../../../src/formats/model.ts';
import { formatByName } from '../../../../src/formats/registry.ts';

function recording(): MtProvider & { sent: string[] } {
  const sent: string[] = [];
  return {
    name: 'recording',
    sent,
    async translate(req: MtRequest) {
      sent.push(...req.sources);
      return req.sources.map((s) => ({ target: s }));
    },
  };
}

const rails = 'en:\n  help: "Ask %{name}: https://de.wikipedia.org/wiki/Umlaut_%C3%A4"\n';
const source = 'Ask %{name}: https://de.wikipedia.org/wiki/Umlaut_%C3%A4';

describe('MT protection follows the format module', () => {
  it("a Rails unit's %{name} is a code, its URL's %C3%A4 is sent as text", async () => {
    const yaml = formatByName('yaml')!;
    const [unit] = yaml.parse(new TextEncoder().encode(rails));
    const provider = recording();
    const [r] = await translateSegments(provider, [unit!.source], {
      srclang: 'en',
      trglang: 'de',
      placeholders: [placeholdersOf(yaml, unit!)],
    });
    expect(provider.sent.join('')).toContain('%C3%A4');
    expect(provider.sent.join('')).not.toContain('%{name}');
    expect(r!.targetWithTags).toBe(source);
  });

  it("a sync delta (XLIFF extracted from a Rails file) carries the Rails answer to the platform's MT", async () => {
    const yaml = formatByName('yaml')!;
    const xliff12 = formatByName('xliff12')!;
    const delta = extractXliff(yaml, new TextEncoder().encode(rails), {
      fileName: 'config/locales/en.yml',
      sourceLang: 'en',
      targetLang: 'de',
    });
    expect(new TextDecoder().decode(delta)).toContain(
      '<context context-type="x-placeholders">ruby tags</context>',
    );
    const [unit] = xliff12.parse(delta);
    expect(unit!.source).toBe(source);
    expect(placeholdersOf(xliff12, unit!)).toEqual(['ruby', 'tags']);
    const provider = recording();
    await translateSegments(provider, [unit!.source], {
      srclang: 'en',
      trglang: 'de',
      placeholders: [placeholdersOf(xliff12, unit!)],
    });
    expect(provider.sent.join('')).toContain('%C3%A4');
    // A plain XLIFF file's units keep every syntax.
    const [plain] = xliff12.parse(
      extractXliff(formatByName('json')!, new TextEncoder().encode('{"a": "Hi %s"}'), {
        fileName: 'en.json',
        sourceLang: 'en',
        targetLang: 'de',
      }),
    );
    expect(placeholdersOf(xliff12, plain!)).toContain('printf');
  });

  it('without a format answer every syntax is protected: %A of the URL is a code', async () => {
    const provider = recording();
    await translateSegments(provider, [source], { srclang: 'en', trglang: 'de' });
    expect(provider.sent.join('')).not.toContain('%C3%A4');
  });

  it('machineTranslateUnits passes each unit’s syntaxes, plural forms included', async () => {
    const provider = recording();
    const units = [
      { id: 'a', source, placeholders: ['ruby', 'tags'] as const },
      {
        id: 'b',
        source: `Many: ${source}`,
        sourcePlural: { one: `One: ${source}`, other: `Many: ${source}` },
        placeholders: ['ruby', 'tags'] as const,
      },
      { id: 'c', source: `Plain: ${source}` },
    ];
    const pair = { srclang: 'en', srclocale: null, trglang: 'ru', trglocale: null };
    const out = await machineTranslateUnits(provider, units, pair, { terms: [] });
    expect(out.get('a')).toBe(source);
    const sent = (start: string) => provider.sent.filter((s) => s.startsWith(start));
    // a and both texts of b's Russian forms keep the URL as text; c protects its %A.
    for (const start of ['Ask', 'One:', 'Many:']) {
      expect(sent(start).length).toBeGreaterThan(0);
      for (const text of sent(start)) expect(text).toContain('%C3%A4');
    }
    expect(sent('Plain:').length).toBeGreaterThan(0);
    for (const text of sent('Plain:')) expect(text).not.toContain('%C3%A4');
  });
});
