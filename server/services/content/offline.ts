/**
 * The `offline` generator: a deterministic stand-in for a language model. It builds the
 * template's structure (headings, sections, list, greeting…) around the summary, in the tone and
 * to the length asked, from fixed phrases, and says on its first line that it is the stand-in.
 * The same request always gives the same text, which keeps tests and demos reproducible.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ContentGenerator, GenerationRequest } from './generator.ts';
import { PHRASES, type Phrases, type Tone, toneOf } from './offline-phrases.ts';

/** Words per message event at most: enough events that a client sees the text arrive. */
const CHUNK_WORDS = 12;

/** Creates the generator (it holds no state). */
export function offlineGenerator(): ContentGenerator {
  return {
    name: 'offline',
    async *generate(request, signal) {
      for (const piece of chunks(composeOffline(request))) {
        signal.throwIfAborted();
        yield piece;
        // Lets a disconnect (or any other I/O) be noticed between pieces.
        await nextTurn();
      }
    },
  };
}

/** Words as a reader counts them: whitespace-separated runs holding a letter or digit. */
export function countWords(text: string): number {
  let n = 0;
  for (const token of text.split(/\s+/)) if (/[\p{L}\p{N}]/u.test(token)) n++;
  return n;
}

/** The whole text: a note line, a blank line, then the body of about `contentLength` words. */
export function composeOffline(request: GenerationRequest): string {
  const lang = request.language.slice(0, 2).toLowerCase();
  const phrases = PHRASES[lang] ?? PHRASES.en!;
  const tone = toneOf(request.preferences.tone);
  return `${note(request, lang, tone)}\n\n${body(request, phrases, tone)}\n`;
}

function note(request: GenerationRequest, lang: string, tone: Tone): string {
  const parts = [
    `[Offline stand-in generator, no language model: a deterministic ${request.template.name} draft`,
  ];
  if (PHRASES[lang]) parts.push(` in ${languageName(request.language)}`);
  parts.push(`, ${tone} tone, about ${request.contentLength} words.`);
  if (!PHRASES[lang]) {
    parts.push(
      ` ${languageName(request.language)} was asked for; offline phrases exist only for ` +
        `${Object.keys(PHRASES).map(languageName).join(', ')}, so this draft is in English.`,
    );
  }
  if (request.preferences.styleguide)
    parts.push(' The style guide needs a language model and was not applied.');
  parts.push(' Set SVC_CONTENT_PROVIDER=openai for real content.]');
  return parts.join('');
}

function languageName(tag: string): string {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(tag);
    return name && name !== tag ? `${name} (${tag})` : tag;
  } catch {
    return tag;
  }
}

/** What the text is about in a few words: the product's name, else the summary's first clause. */
function topicOf(request: GenerationRequest): string {
  const named = request.params.productName?.trim();
  if (named) return named;
  const first = request.params.summary.trim().split(/(?<=[.!?;:])\s|\n/)[0] ?? '';
  const words = first
    .replace(/[.!?;:,]+$/, '')
    .split(/\s+/)
    .slice(0, 8);
  return words.join(' ');
}

const capitalize = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1);

function body(request: GenerationRequest, p: Phrases, tone: Tone): string {
  const { params, template } = request;
  const topic = topicOf(request);
  const summary = params.summary.trim().replace(/([^.!?])$/, '$1.');
  const open = `${p.tones[tone].open(topic)} ${summary}`;
  const close = p.tones[tone].close(topic);
  const sections = params.sections ?? template.defaultSections.map((role) => p.sections[role]);
  const fill = filler(p, topic);
  const blocks: string[] = [];
  // Filler is shared out once the fixed parts are known, so the total lands near contentLength.
  const slots: { index: number; heading?: string }[] = [];
  const slot = (heading?: string) => {
    slots.push({ index: blocks.length, ...(heading === undefined ? {} : { heading }) });
    blocks.push('');
  };
  switch (template.name) {
    case 'blog-post':
      blocks.push(`# ${capitalize(topic)}`, open);
      for (const s of sections) slot(`## ${s}`);
      if (sections.length === 0) slot();
      blocks.push(close);
      break;
    case 'product-description': {
      blocks.push(`# ${capitalize(topic)}`, open);
      slot();
      const features = params.features ?? params.keywords ?? [];
      if (features.length > 0) blocks.push(`## ${p.keyFeatures}`, features.map((f) => `- ${f}`).join('\n'));
      blocks.push(close);
      break;
    }
    case 'email':
      blocks.push(`${p.subject}: ${capitalize(topic)}`, p.greeting(params.recipient), open);
      for (const s of sections) slot(`**${s}**`);
      if (sections.length === 0) slot();
      blocks.push(params.callToAction ?? p.callToAction, close, `${p.signOff}`);
      break;
    case 'social-post':
      blocks.push(open);
      slot();
      if (params.callToAction) blocks.push(params.callToAction);
      blocks.push(hashtags(params.hashtags, params.keywords, topic));
      break;
    case 'press-release': {
      const company = params.company ?? p.company;
      blocks.push(
        p.release,
        `# ${capitalize(topic)}`,
        params.location ? `**${params.location}** — ${open}` : open,
      );
      for (const s of sections) slot(`## ${s}`);
      if (sections.length === 0) slot();
      blocks.push(p.said(params.quote ?? p.defaultQuote(topic), capitalize(company)), close);
      blocks.push(`## ${p.about(company)}`, p.aboutText(capitalize(company)));
      break;
    }
  }
  const fixed = countWords(blocks.join(' ')) + slots.reduce((n, s) => n + countWords(s.heading ?? ''), 0);
  // Each slot takes its share of what is still missing, so one slot's overshoot shortens the next.
  let missing = request.contentLength - fixed;
  slots.forEach((s, i) => {
    const text = missing > 0 ? fill(Math.ceil(missing / (slots.length - i))) : '';
    missing -= countWords(text);
    blocks[s.index] = [s.heading, text].filter(Boolean).join('\n\n');
  });
  return blocks.filter((b) => b !== '').join('\n\n');
}

/** Sentences in turn (continuing across calls) until `words` are written; a paragraph every four. */
function filler(p: Phrases, topic: string): (words: number) => string {
  let next = 0;
  return (words) => {
    const paragraphs: string[][] = [[]];
    let written = 0;
    while (written < words) {
      const sentence = capitalize(p.fillers[next++ % p.fillers.length]!(topic));
      if (paragraphs.at(-1)!.length === 4) paragraphs.push([]);
      paragraphs.at(-1)!.push(sentence);
      written += countWords(sentence);
    }
    return paragraphs.map((s) => s.join(' ')).join('\n\n');
  };
}

function hashtags(given: string[] | undefined, keywords: string[] | undefined, topic: string): string {
  const words = given ?? keywords ?? topic.split(/\s+/).slice(0, 3);
  const tags = words
    .map((w) => w.replace(/^#/, '').replace(/[^\p{L}\p{N}_]+/gu, ''))
    .filter((w) => w !== '')
    .map((w) => `#${w}`);
  return [...new Set(tags)].join(' ');
}

/** Pieces of the text that concatenate back to it: per line, long lines every CHUNK_WORDS words. */
export function chunks(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/(?<=\n)/)) {
    // A blank line joins the piece before it rather than being an event of its own.
    if (line === '\n' && out.length > 0) {
      out[out.length - 1] += line;
      continue;
    }
    const words = line.split(/(?<=\s)(?=\S)/);
    for (let i = 0; i < words.length; i += CHUNK_WORDS) out.push(words.slice(i, i + CHUNK_WORDS).join(''));
  }
  return out;
}
