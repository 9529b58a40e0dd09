/**
 * The `openai` provider: any OpenAI-compatible chat completions endpoint (OpenAI, Azure-style
 * gateways, local Ollama, vLLM, llama.cpp). Segments go in batches as a JSON array of strings in
 * the user message, and the model must answer with a JSON array of the same length.
 */
import { type BatchLimits, batches } from './batches.ts';
import { postJson } from './http.ts';
import { compileTerms } from './terms.ts';
import { pieces } from './tokens.ts';
import {
  languageTag,
  MtError,
  type MtOutput,
  type MtProvider,
  type MtRequest,
  type MtSegmentContext,
  type MtTerm,
} from './types.ts';

export interface OpenAiOptions {
  /** API root, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1` for Ollama. */
  baseUrl: string;
  /** Sent as a bearer token when set; local servers usually need none. */
  apiKey?: string | undefined;
  model: string;
  /** Sampling temperature; undefined leaves it to the server (some reasoning models accept no other). */
  temperature?: number | undefined;
  timeoutMs: number;
  limits: BatchLimits;
  fetch: typeof fetch;
}

/** Creates the provider; requests go out one batch at a time, in order. */
export function openAiProvider(options: OpenAiOptions): MtProvider {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const secrets = options.apiKey ? [options.apiKey] : [];
  const headers: Record<string, string> = options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {};
  return {
    name: 'openai',
    async translate(req: MtRequest): Promise<MtOutput[]> {
      const out: MtOutput[] = new Array(req.sources.length);
      const matcher = compileTerms(req.terms);
      for (const batch of batches(req.sources, options.limits)) {
        const sources = batch.map((i) => req.sources[i]!);
        const contexts = req.contexts ? batch.map((i) => req.contexts![i]) : [];
        const structured = contexts.some((c) => c !== undefined);
        const terms = termsUsed(req.terms, sources, matcher);
        const body: Record<string, unknown> = {
          model: options.model,
          messages: [
            { role: 'system', content: systemPrompt(req, terms, structured) },
            {
              role: 'user',
              content: JSON.stringify(
                structured ? withContext(sources, contexts, req.terms, matcher) : sources,
              ),
            },
          ],
        };
        if (options.temperature !== undefined) body.temperature = options.temperature;
        const answer = await postJson({
          provider: 'openai',
          url,
          headers,
          body,
          timeoutMs: options.timeoutMs,
          signal: req.signal,
          fetch: options.fetch,
          secrets,
          errorMessage,
        });
        const targets = readTargets(answer, sources.length);
        batch.forEach((index, k) => {
          out[index] = { target: targets[k]! };
        });
      }
      return out;
    },
  };
}

/**
 * The instructions: translate, keep the inline codes, answer with nothing but the JSON array. With
 * `structured`, the user message's items are objects carrying each string's context.
 */
export function systemPrompt(req: MtRequest, terms: readonly MtTerm[], structured = false): string {
  const from = languageName(languageTag(req.srclang, req.srclocale));
  const to = languageName(languageTag(req.trglang, req.trglocale));
  const lines = [
    structured
      ? `You are a professional software localizer. The user message is a JSON array of objects, one per string: "text" is the string to translate from ${from} to ${to}; "description" says what the string is and where it appears; "max_length" is the most characters the translation may have (stay within it, abbreviating as a native UI would if needed); "placeholders" says what each placeholder stands for; "glossary" lists the terminology translations to use for terms the string contains.`
      : `You are a professional software localizer. Translate every string of the JSON array in the user message from ${from} to ${to}.`,
    'Answer with only a JSON array of strings: exactly one translation per input string, in the same order, with no commentary and no code fence.',
    'Inline codes such as <x id="1"/> stand for placeholders and markup. Copy each one exactly as written, once, placed where the translation needs it. Never translate, change, add or drop a code.',
    'Keep leading and trailing whitespace and line breaks of each string.',
  ];
  if (terms.length > 0) {
    lines.push('Use these terminology translations wherever the source term occurs:');
    for (const t of terms) lines.push(`- ${JSON.stringify(t.source)} → ${JSON.stringify(t.target)}`);
  }
  return lines.join('\n');
}

/** Each string with what translators would be told of it, and the glossary terms it contains. */
function withContext(
  sources: readonly string[],
  contexts: readonly (MtSegmentContext | undefined)[],
  terms: readonly MtTerm[] | undefined,
  matcher: ReturnType<typeof compileTerms>,
): Record<string, unknown>[] {
  return sources.map((text, i) => {
    const context = contexts[i];
    const item: Record<string, unknown> = { text };
    if (context?.description) item.description = context.description;
    if (context?.maxLength !== undefined) item.max_length = context.maxLength;
    if (context?.placeholders && Object.keys(context.placeholders).length > 0)
      item.placeholders = context.placeholders;
    const found = termsUsed(terms, [text], matcher);
    if (found.length > 0) item.glossary = Object.fromEntries(found.map((t) => [t.source, t.target]));
    return item;
  });
}

/** Only the terms that occur in this batch, so a large termbase does not fill the context window. */
function termsUsed(
  terms: readonly MtTerm[] | undefined,
  sources: readonly string[],
  compiled?: ReturnType<typeof compileTerms>,
): MtTerm[] {
  const matcher = compiled === undefined ? compileTerms(terms) : compiled;
  if (!matcher) return [];
  const used = new Map<string, MtTerm>();
  for (const source of sources) {
    // Only the text between inline codes: a term "id" must not match inside `<x id="1"/>`.
    for (const piece of pieces(source)) {
      if (piece.id === undefined) for (const m of matcher.find(piece.text)) used.set(m.term.source, m.term);
    }
  }
  return [...used.values()];
}

function languageName(tag: string): string {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(tag);
    return name && name !== tag ? `${name} (${tag})` : tag;
  } catch {
    return tag;
  }
}

/** A chat completion whose message content is a JSON array of `count` strings. */
function readTargets(answer: unknown, count: number): string[] {
  const choice = (answer as { choices?: unknown })?.choices;
  const first = Array.isArray(choice)
    ? (choice[0] as { message?: { content?: unknown }; finish_reason?: unknown })
    : undefined;
  const content = first?.message?.content;
  if (typeof content !== 'string') {
    throw new MtError('openai', 'malformed answer: no choices[0].message.content string');
  }
  if (first?.finish_reason === 'length') {
    throw new MtError('openai', 'the answer was cut off at the model output limit; lower SVC_MT_BATCH_CHARS');
  }
  // Chat models often wrap JSON in a markdown fence despite being told not to; that wrapper is
  // the only thing removed, the array itself must be well-formed.
  const fenced = /^\s*```[\w-]*\s*\n([\s\S]*?)\n?```\s*$/.exec(content);
  let parsed: unknown;
  try {
    parsed = JSON.parse(fenced ? fenced[1]! : content);
  } catch {
    throw new MtError(
      'openai',
      `malformed answer: expected a JSON array of ${count} strings, got ${clip(content)}`,
    );
  }
  if (!Array.isArray(parsed) || parsed.length !== count || !parsed.every((t) => typeof t === 'string')) {
    throw new MtError(
      'openai',
      `malformed answer: expected a JSON array of ${count} strings, got ${clip(content)}`,
    );
  }
  return parsed;
}

function errorMessage(body: unknown): string | undefined {
  const error = (body as { error?: unknown; message?: unknown })?.error;
  if (typeof error === 'string') return error;
  const message = (error as { message?: unknown })?.message ?? (body as { message?: unknown })?.message;
  return typeof message === 'string' ? message : undefined;
}

function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
