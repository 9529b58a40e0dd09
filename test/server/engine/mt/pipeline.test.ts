import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { offlineProvider } from '../../../../server/engine/mt/offline.ts';
import { translateSegments } from '../../../../server/engine/mt/pipeline.ts';
import {
  MtError,
  type MtOutput,
  type MtProvider,
  type MtRequest,
} from '../../../../server/engine/mt/types.ts';

const offline = offlineProvider();
const en = { srclang: 'en', trglang: 'fr' };

/** A provider answering from a table (unknown segments echo), recording every request. */
function scripted(
  answer: (source: string, call: number) => string | MtOutput,
): MtProvider & { requests: MtRequest[] } {
  const requests: MtRequest[] = [];
  return {
    name: 'scripted',
    requests,
    async translate(req) {
      requests.push(req);
      return req.sources.map((s) => {
        const a = answer(s, requests.length);
        return typeof a === 'string' ? { target: a } : a;
      });
    },
  };
}

describe('translateSegments with the offline provider', () => {
  it('translates text around placeholders and marks items as MT', async () => {
    const [r] = await translateSegments(offline, ['Delete %s from {folder}?'], en);
    expect(r).toEqual({
      target: 'Ðééļéţé %s ƒŕööɱ {folder}?',
      targetWithTags: 'Ðééļéţé %s ƒŕööɱ {folder}?',
      provenance: 'MT',
      isTMMatch: false,
      score: 0,
      targetWords: ['Ðééļéţé', '%s', 'ƒŕööɱ', '{folder}'],
      targetDelimiters: ['', ' ', ' ', ' ', '?'],
    });
  });

  it('re-prints ICU plural syntax exactly and translates only the branch text', async () => {
    const source = 'You have {count, plural, =0 {no files} one {# file} other {# files}} in {dir}.';
    const [r] = await translateSegments(offline, [source], { ...en, containsICUData: true });
    expect(r!.target).toBe(
      'Ýöû ĥååṽé {count, plural, =0 {ñö ƒîîļéš} one {# ƒîîļé} other {# ƒîîļéš}} îñ {dir}.',
    );
  });

  it('returns the source for segments without translatable text', async () => {
    const results = await translateSegments(offline, ['{count}', '%1$s: %2$s', '42 %', ''], en);
    expect(results.map((r) => r.target)).toEqual(['{count}', '%1$s: %2$s', '42 %', '']);
  });

  it('splits Japanese target words with the language rules and keeps the interleaving exact', async () => {
    const japanese = scripted(() => '<x id="1"/>さんはファイルを削除しました。');
    const [r] = await translateSegments(japanese, ['{name} deleted the file.'], {
      srclang: 'en',
      trglang: 'ja',
    });
    expect(r!.targetWords[0]).toBe('{name}');
    expect(r!.targetWords.length).toBeGreaterThan(3);
    expect(r!.targetDelimiters.map((d, i) => d + (r!.targetWords[i] ?? '')).join('')).toBe(r!.target);
  });

  it('sends identical units once', async () => {
    const provider = scripted((s) => s.toUpperCase());
    await translateSegments(provider, ['Yes', 'No', 'Yes', '{n, plural, one {Yes} other {No}}'], {
      ...en,
      containsICUData: true,
    });
    expect(provider.requests).toHaveLength(1);
    expect(provider.requests[0]!.sources).toEqual(['Yes', 'No']);
  });

  it('passes languages, locales, terms and the signal to the provider', async () => {
    const provider = scripted((s) => s);
    const signal = new AbortController().signal;
    const terms = [{ source: 'file', target: 'fichier' }];
    await translateSegments(provider, ['Open file'], {
      ...en,
      srclocale: 'US',
      trglocale: 'CA',
      terms,
      signal,
    });
    expect(provider.requests[0]).toEqual({
      sources: ['Open file'],
      srclang: 'en',
      trglang: 'fr',
      srclocale: 'US',
      trglocale: 'CA',
      terms,
      signal,
    });
  });
});

describe('ICU quoting', () => {
  it('sends literal text unquoted and quotes the translation again where ICU needs it', async () => {
    const provider = scripted((s) =>
      s === 'Don\'t delete <x id="1"/> {here}' ? 'N\'effacez pas l\'<x id="1"/> {ici}' : s,
    );
    const [r] = await translateSegments(provider, ["Don''t delete {name} '{here}'"], {
      ...en,
      containsICUData: true,
    });
    expect(provider.requests[0]!.sources).toEqual(['Don\'t delete <x id="1"/> {here}']);
    expect(r!.target).toBe("N'effacez pas l''{name} '{ici}'");
    expect(parse(r!.target)).toMatchObject([
      { value: "N'effacez pas l'" },
      { value: 'name' },
      { value: ' {ici}' },
    ]);
  });

  it('quotes # inside plural branches only', async () => {
    const provider = scripted((s) => s.replace('No.', 'N° #'));
    const [r] = await translateSegments(provider, ['{n, plural, other {No. #}} No.'], {
      ...en,
      containsICUData: true,
    });
    expect(r!.target).toBe("{n, plural, other {N° '#' #}} N° #");
  });

  it('treats a source that is not valid ICU as plain text, placeholders still protected', async () => {
    const [r] = await translateSegments(offline, ['Broken {count, plural, one {# file} and {name}'], {
      ...en,
      containsICUData: true,
    });
    expect(r!.target).toContain('{name}');
    expect(r!.target).toMatch(/^Ɓŕööķéñ /);
  });
});

describe('prefix', () => {
  it('starts the target with the prefix and translates the source after as many words', async () => {
    const [r] = await translateSegments(offline, ['Open the file now'], { ...en, prefix: 'Ouvrez le' });
    expect(r!.target).toBe('Ouvrez le ƒîîļé ñöŵ');
  });

  it('does not double the space a prefix ends with', async () => {
    const [r] = await translateSegments(offline, ['Open the file now'], { ...en, prefix: 'Ouvrez ' });
    expect(r!.target).toBe('Ouvrez ţĥé ƒîîļé ñöŵ');
  });

  it('carries placeholders of the covered words that the prefix lacks', async () => {
    const results = await translateSegments(
      offline,
      ['Hello {name}, welcome back', 'Hello {name}, welcome back'],
      en,
    );
    expect(results[0]!.target).toBe('Ĥééļļö {name}, ŵééļçöɱé ƀååçķ');
    const [withPrefix] = await translateSegments(offline, ['Hello {name}, welcome back'], {
      ...en,
      prefix: 'Bonjour cher',
    });
    expect(withPrefix!.target).toBe('Bonjour cher {name}, ŵééļçöɱé ƀååçķ');
    const [typed] = await translateSegments(offline, ['Hello {name}, welcome back'], {
      ...en,
      prefix: 'Bonjour {name},',
    });
    expect(typed!.target).toBe('Bonjour {name}, ŵééļçöɱé ƀååçķ');
  });

  it('never cuts into ICU plural syntax', async () => {
    const source = 'Delete {n, plural, one {# file} other {# files}}?';
    const [r] = await translateSegments(offline, [source], {
      ...en,
      containsICUData: true,
      prefix: 'Supprimer les trois',
    });
    expect(r!.target).toBe('Supprimer les trois {n, plural, one {# ƒîîļé} other {# ƒîîļéš}}?');
  });

  it('is the whole target when it covers every word', async () => {
    const [r] = await translateSegments(offline, ['Save'], { ...en, prefix: 'Enregistrer le document' });
    expect(r!.target).toBe('Enregistrer le document');
  });
});

describe('tags', () => {
  const source = 'Click <a href="/help">here</a> or press <br/> <b>Enter</b>';

  it('keeps tags in targetWithTags and leaves them out of target unless projected', async () => {
    const [plain] = await translateSegments(offline, [source], en);
    expect(plain!.targetWithTags).toBe('Çļîîçķ <a href="/help">ĥééŕé</a> öŕ þŕééšš <br/> <b>ÉÉñţéŕ</b>');
    expect(plain!.target).toBe('Çļîîçķ ĥééŕé öŕ þŕééšš ÉÉñţéŕ');
    const [projected] = await translateSegments(offline, [source], { ...en, projectTags: true });
    expect(projected!.target).toBe(projected!.targetWithTags);
  });

  it('reports tag positions in targetWithTags, alignment and model score when rich', async () => {
    const [r] = await translateSegments(offline, ['<b>Save</b> %s'], { ...en, rich: true });
    expect(r!.formatting).toEqual([
      { tag: '<b>', name: 'b', kind: 'open', start: 0, end: 3 },
      { tag: '</b>', name: 'b', kind: 'close', start: 8, end: 12 },
    ]);
    expect(r!.targetWithTags.slice(8, 12)).toBe('</b>');
    expect(r!.align).toEqual([
      [0, 0],
      [1, 1],
    ]);
    expect(r!.modelScore).toBeNull();
  });

  it('turns a provider confidence into modelScore and a 0–100 score', async () => {
    const provider = scripted((s) => ({ target: s, score: 0.8 }));
    const [r] = await translateSegments(provider, ['Hello'], { ...en, rich: true });
    expect(r!.modelScore).toBe(0.8);
    expect(r!.score).toBe(80);
  });
});

describe('repair when a provider loses placeholders', () => {
  it('translates the text runs between codes one by one and puts every code back in order', async () => {
    const provider = scripted((s) => (s.includes('<x') ? s.replace(/<x id="2"\/>/, '') : `«${s}»`));
    const [r] = await translateSegments(provider, ['Send %s to %d people'], en);
    expect(provider.requests.map((q) => q.sources)).toEqual([
      ['Send <x id="1"/> to <x id="2"/> people'],
      ['Send ', ' to ', ' people'],
    ]);
    expect(r!.target).toBe('«Send »%s« to »%d« people»');
  });

  it('repairs swapped unnumbered printf conversions, which would change their meaning', async () => {
    const provider = scripted((s) => (s.includes('<x') ? '<x id="2"/> und <x id="1"/>' : s.toUpperCase()));
    const [r] = await translateSegments(provider, ['%s and %d'], en);
    expect(r!.target).toBe('%s AND %d');
  });

  it('repairs ICU branch syntax moved by a provider when the source is not declared as ICU', async () => {
    const provider = scripted((s) =>
      s.includes('<x')
        ? s.replace('<x id="1"/>', '').replace('<x id="3"/>', '<x id="3"/><x id="1"/>')
        : s.toUpperCase(),
    );
    const [r] = await translateSegments(provider, ['{n, plural, one {a file} other {files}}'], en);
    expect(r!.target).toBe('{n, plural, one {A FILE} other {FILES}}');
    expect(provider.requests).toHaveLength(2);
  });

  it('throws MtError when even the repair loses a placeholder', async () => {
    const provider = scripted(() => '<x id="1"/>');
    await expect(translateSegments(provider, ['Send %s to %d people'], en)).rejects.toThrow(MtError);
  });

  it('throws MtError when a provider answers the wrong number of translations', async () => {
    const provider: MtProvider = { name: 'short', translate: async () => [] };
    await expect(translateSegments(provider, ['Hello'], en)).rejects.toThrow(
      'short: returned 0 translations for 1 segments',
    );
  });
});

describe('translateSegments on a large batch', () => {
  // 1,000 segments of ~42 characters: several slices of at most 16,000 characters each.
  const sources = Array.from({ length: 1000 }, (_, i) => `Message ${i}: save {count} files to %s now.`);

  it('sends slices in order and answers every segment in order, as one call would', async () => {
    const provider = scripted((s) => `T ${s}`);
    const results = await translateSegments(provider, sources, en);
    // ~42,000 characters of sources: three slices.
    expect(provider.requests).toHaveLength(3);
    expect(provider.requests.flatMap((r) => r.sources)).toHaveLength(sources.length);
    const one = async (source: string) =>
      (
        await translateSegments(
          scripted((s) => `T ${s}`),
          [source],
          en,
        )
      )[0]!.target;
    expect(results.map((r) => r.target)).toEqual(await Promise.all(sources.map(one)));
  });

  it('lets other work run between slices and stops there when aborted', async () => {
    const controller = new AbortController();
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const provider = scripted((s, call) => {
      // After the first slice, the interval has had its turn; then the caller gives up.
      if (call === 2) controller.abort(new Error('stopped'));
      return s;
    });
    await expect(translateSegments(provider, sources, { ...en, signal: controller.signal })).rejects.toThrow(
      'stopped',
    );
    clearInterval(timer);
    expect(provider.requests).toHaveLength(2);
    expect(ticks).toBeGreaterThan(0);
  });
});
