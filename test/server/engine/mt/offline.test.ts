import { describe, expect, it } from 'vitest';
import { offlineProvider } from '../../../../server/engine/mt/offline.ts';
import { pseudoTranslate } from '../../../../server/engine/mt/pseudo.ts';
import { compileTerms } from '../../../../server/engine/mt/terms.ts';
import { protect, restore } from '../../../../src/formats/placeholders.ts';

const offline = offlineProvider();
const run = async (sources: string[], terms?: { source: string; target: string }[]) =>
  (await offline.translate({ sources, srclang: 'en', trglang: 'de', ...(terms ? { terms } : {}) })).map(
    (o) => o.target,
  );

describe('pseudoTranslate', () => {
  it('accents ASCII letters and lengthens words of four letters or more', () => {
    expect(pseudoTranslate('Save file')).toBe('Ŝååṽé ƒîîļé');
    expect(pseudoTranslate('to do')).toBe('ţö ðö');
  });

  it('leaves digits, punctuation, whitespace and other scripts alone', () => {
    expect(pseudoTranslate(' 42, «ok»!\n日本語 Привет ')).toBe(' 42, «öķ»!\n日本語 Привет ');
  });

  it('never produces ASCII letters, so no placeholder syntax can appear', () => {
    const all = 'The quick brown fox jumps over the lazy dog THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG';
    expect(pseudoTranslate(all)).not.toMatch(/[A-Za-z]/);
  });
});

describe('offline provider', () => {
  it('is deterministic and visibly different from the source', async () => {
    const first = await run(['Open the settings']);
    expect(await run(['Open the settings'])).toEqual(first);
    expect(first[0]).not.toBe('Open the settings');
  });

  it('keeps inline code tokens exactly as written', async () => {
    const { text, codes } = protect('Delete %1$s from <b>{folder}</b>?');
    const [target] = await run([text]);
    const restored = restore(target!, codes);
    expect(restored.missing).toEqual([]);
    expect(restored.text).toBe('Ðééļéţé %1$s ƒŕööɱ <b>{folder}</b>?');
  });

  it('puts term targets in verbatim for whole-word, case-insensitive matches', async () => {
    const terms = [{ source: 'server', target: 'Server' }];
    expect(await run(['The SERVER restarted', 'Servers and observers', 'server'], terms)).toEqual([
      'Ţĥé Server ŕééšţåŕţéð',
      'Ŝééŕṽéŕš åñð ööƀšéŕṽéŕš',
      'Server',
    ]);
  });

  it('prefers the longest term at a position and does not match inside tokens', async () => {
    const terms = [
      { source: 'file', target: 'Datei' },
      { source: 'file server', target: 'Dateiserver' },
      { source: 'x', target: 'NEVER' },
    ];
    const { text, codes } = protect('Restart the file server for {x}, then open the file');
    const [target] = await run([text], terms);
    expect(restore(target!, codes).text).toBe('Ŕééšţåŕţ ţĥé Dateiserver ƒöŕ {x}, ţĥééñ ööþéñ ţĥé Datei');
  });

  it('honours an aborted signal', async () => {
    const controller = new AbortController();
    controller.abort(new Error('client went away'));
    await expect(
      offline.translate({ sources: ['x'], srclang: 'en', trglang: 'de', signal: controller.signal }),
    ).rejects.toThrow('client went away');
  });
});

describe('compileTerms', () => {
  it('matches terms with punctuation and non-Latin scripts at word boundaries', () => {
    const matcher = compileTerms([
      { source: 'C++', target: 'C++' },
      { source: 'Übersicht', target: 'Overview' },
      { source: ' ', target: 'ignored' },
    ])!;
    expect(matcher.find('Learn C++ today; übersicht, Übersichten').map((m) => m.term.source)).toEqual([
      'C++',
      'Übersicht',
    ]);
  });

  it('is undefined without usable terms', () => {
    expect(compileTerms([{ source: '  ', target: 'x' }])).toBeUndefined();
    expect(compileTerms(undefined)).toBeUndefined();
  });
});
