/** The offline stand-in generator: honest, deterministic, structured, in the language and length asked. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GenerationRequest } from '../../server/services/content/generator.ts';
import {
  chunks,
  composeOffline,
  countWords,
  offlineGenerator,
} from '../../server/services/content/offline.ts';
import { toneOf } from '../../server/services/content/offline-phrases.ts';
import { TEMPLATES } from '../../server/services/content/templates.ts';
import { CONTENT_LENGTH, CONTENT_TEMPLATES } from '../../src/api/schemas/content.ts';

const request = (over: Partial<GenerationRequest> = {}): GenerationRequest => ({
  language: 'en',
  template: TEMPLATES['blog-post'],
  params: { summary: 'A time tracking app for small teams. It runs offline.' },
  preferences: {},
  contentLength: 300,
  ...over,
});

/** The text after the note line. */
const bodyOf = (text: string) => text.slice(text.indexOf('\n\n') + 2);

describe('offline generator', () => {
  it('says on its first line that it is the offline stand-in, in which language and tone', () => {
    const [note] = composeOffline(request({ language: 'de', preferences: { tone: 'Formal please' } })).split(
      '\n',
    );
    expect(note).toMatch(
      /^\[Offline stand-in generator, no language model: a deterministic blog-post draft in German \(de\), formal tone, about 300 words\..*SVC_CONTENT_PROVIDER=openai.*\]$/,
    );
  });

  it('writes the template’s structure in the target language where it has phrases', () => {
    const de = bodyOf(composeOffline(request({ language: 'de' })));
    expect(de.split('\n').filter((l) => l.startsWith('## '))).toEqual([
      '## Einleitung',
      '## Details',
      '## Vorteile',
      '## Fazit',
    ]);
    const email = bodyOf(
      composeOffline(
        request({
          language: 'fr',
          template: TEMPLATES.email,
          params: { summary: 'Votre facture', recipient: 'Anne' },
        }),
      ),
    );
    expect(email).toMatch(/^Objet: Votre facture\n\nBonjour Anne,\n\n/);
    expect(email.trimEnd().endsWith('Cordialement')).toBe(true);
    const release = bodyOf(
      composeOffline(
        request({
          language: 'es',
          template: TEMPLATES['press-release'],
          params: {
            summary: 'Acme abre una oficina',
            company: 'Acme',
            location: 'Graz',
            quote: 'Nos encanta Graz',
          },
        }),
      ),
    );
    expect(release).toMatch(/^PARA PUBLICACIÓN INMEDIATA\n\n# Acme abre una oficina\n\n\*\*Graz\*\* — /);
    expect(release).toContain('«Nos encanta Graz», afirma Acme.');
    expect(release).toContain('## Acerca de Acme');
  });

  it('falls back to English for other languages and says so', () => {
    const text = composeOffline(request({ language: 'ja' }));
    expect(text.split('\n')[0]).toContain(
      'Japanese (ja) was asked for; offline phrases exist only for English (en), German (de), French (fr), Spanish (es), so this draft is in English.',
    );
    expect(text).toContain('## Introduction');
  });

  it('uses given sections, features and hashtags', () => {
    const blog = composeOffline(request({ params: { summary: 'Topic', sections: ['Why', 'How'] } }));
    expect(blog.split('\n').filter((l) => l.startsWith('## '))).toEqual(['## Why', '## How']);
    const product = composeOffline(
      request({
        template: TEMPLATES['product-description'],
        params: { summary: 'Quiet', productName: 'Kettle Pro', features: ['1.7 l', 'Quiet boil'] },
      }),
    );
    expect(product).toContain('# Kettle Pro');
    expect(product).toContain('## Key features\n\n- 1.7 l\n- Quiet boil');
    const post = composeOffline(
      request({
        template: TEMPLATES['social-post'],
        params: { summary: 'Launch day', hashtags: ['launch', '#app', 'app'] },
      }),
    );
    expect(post.trimEnd().split('\n').at(-1)).toBe('#launch #app');
  });

  it('tone changes the wording; a style guide is reported as not applied', () => {
    const neutral = composeOffline(request());
    const keen = composeOffline(
      request({ preferences: { tone: 'enthusiastic', styleguide: 'Short sentences.' } }),
    );
    expect(keen).not.toBe(neutral);
    expect(keen).toContain('Get ready: ');
    expect(keen.split('\n')[0]).toContain('The style guide needs a language model and was not applied.');
    expect(toneOf('Casual, warm')).toBe('friendly');
    expect(toneOf('informal')).toBe('friendly');
    expect(toneOf('professional')).toBe('formal');
    expect(toneOf('whimsical')).toBe('neutral');
  });

  it('property: same request, same text; the body holds contentLength words and at most one sentence more (from 200 words)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CONTENT_TEMPLATES),
        fc.integer({ min: 200, max: CONTENT_LENGTH.max }),
        fc.constantFrom('en', 'de', 'fr', 'es', 'ja'),
        fc.string({ minLength: 1, maxLength: 80 }).filter((s) => s.trim() !== ''),
        (template, contentLength, language, summary) => {
          const r = request({ template: TEMPLATES[template], contentLength, language, params: { summary } });
          const text = composeOffline(r);
          expect(composeOffline(r)).toBe(text);
          const words = countWords(bodyOf(text));
          expect(words).toBeGreaterThanOrEqual(contentLength);
          // A sentence is at most 14 words around a topic of at most 8.
          expect(words).toBeLessThanOrEqual(contentLength + 22);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('streams the text in several pieces that concatenate to it; a blank line never travels alone', async () => {
    const r = request({ contentLength: 200 });
    const pieces: string[] = [];
    for await (const piece of offlineGenerator().generate(r, new AbortController().signal))
      pieces.push(piece);
    expect(pieces.length).toBeGreaterThan(10);
    expect(pieces.join('')).toBe(composeOffline(r));
    expect(pieces).not.toContain('\n');
    expect(chunks('a\n\nb c\n')).toEqual(['a\n\n', 'b c\n']);
  });

  it('stops with the signal’s reason once aborted', async () => {
    const controller = new AbortController();
    const reason = new Error('gone');
    const pieces: string[] = [];
    const error = await (async () => {
      for await (const piece of offlineGenerator().generate(request(), controller.signal)) {
        pieces.push(piece);
        controller.abort(reason);
      }
    })().catch((e: unknown) => e);
    expect(error).toBe(reason);
    expect(pieces).toHaveLength(1);
  });
});
