/**
 * The `openai` generator: any OpenAI-compatible chat completions endpoint (OpenAI, Ollama, vLLM,
 * llama.cpp) asked with `stream: true`; each `choices[0].delta.content` is passed on as it
 * arrives (https://platform.openai.com/docs/api-reference/chat-streaming).
 */
import { parseSse } from '../../../src/api/sse.ts';
import { clipMessage, fetchFailureReason } from '../../providers/errors.ts';
import { ContentGenerationError, type ContentGenerator, type GenerationRequest } from './generator.ts';

export interface OpenAiContentOptions {
  /** API root, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1`. */
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  temperature?: number | undefined;
  /** Longest wait for the answer's headers and then between two pieces of the stream. */
  idleTimeoutMs: number;
  fetch: typeof fetch;
}

const PROVIDER = 'openai';

/** Creates the generator; each generation is one streamed request. */
export function openAiGenerator(options: OpenAiContentOptions): ContentGenerator {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const where = new URL(url).origin + new URL(url).pathname;
  const secret = options.apiKey;
  const fail = (message: string, cause?: unknown) =>
    new ContentGenerationError(PROVIDER, secret ? message.split(secret).join('[redacted]') : message, {
      cause,
    });
  return {
    name: `${PROVIDER}:${options.model}`,
    async *generate(request, signal) {
      const idle = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(
          () => idle.abort(new Error(`no data within ${options.idleTimeoutMs} ms`)),
          options.idleTimeoutMs,
        );
      };
      const both = AbortSignal.any([signal, idle.signal]);
      // The caller's abort is rethrown as is; only the provider's own failures become errors.
      const rethrow = (error: unknown, what: string): never => {
        if (signal.aborted) throw signal.reason;
        if (idle.signal.aborted) throw fail(`${where}: ${(idle.signal.reason as Error).message}`);
        if (error instanceof ContentGenerationError) throw error;
        throw fail(`${what}: ${fetchFailureReason(error)}`, error);
      };
      arm();
      try {
        let response: Response;
        try {
          response = await options.fetch(url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'text/event-stream',
              ...(secret ? { authorization: `Bearer ${secret}` } : {}),
            },
            body: JSON.stringify(chatRequest(request, options)),
            signal: both,
          });
        } catch (error) {
          return rethrow(error, `cannot reach ${where}`);
        }
        if (!response.ok) {
          const text = await response.text().catch(() => '');
          throw fail(`${where} answered HTTP ${response.status}: ${errorMessage(text)}`);
        }
        if (!response.body) throw fail(`${where} answered without a body`);
        let done = false;
        try {
          for await (const event of parseSse(response.body)) {
            arm();
            if (event.data === '[DONE]') {
              done = true;
              break;
            }
            const piece = deltaOf(event.data, fail);
            if (piece) yield piece;
          }
        } catch (error) {
          return rethrow(error, `the stream from ${where} broke`);
        }
        if (!done) {
          if (signal.aborted) throw signal.reason;
          throw fail(`the stream from ${where} ended before [DONE]`);
        }
      } finally {
        clearTimeout(timer);
        // Leaving early (a disconnect) must also end the provider's request.
        idle.abort(new Error('generation ended'));
      }
    },
  };
}

/** The chat request: instructions in the system message, the parameters in the user message. */
export function chatRequest(
  request: GenerationRequest,
  options: Pick<OpenAiContentOptions, 'model' | 'temperature'>,
) {
  const body: Record<string, unknown> = {
    model: options.model,
    stream: true,
    messages: [
      { role: 'system', content: systemPrompt(request) },
      { role: 'user', content: userPrompt(request) },
    ],
  };
  if (options.temperature !== undefined) body.temperature = options.temperature;
  return body;
}

function systemPrompt(request: GenerationRequest): string {
  const { template, preferences, params } = request;
  const lines = [
    `You are a professional writer. Write ${template.kind} in ${languageName(request.language)}.`,
    `Length: about ${request.contentLength} words.`,
    'Answer with the content only, in Markdown, with no preamble and no closing remarks.',
  ];
  if (params.sections?.length) {
    const form = template.headings ? 'headings' : 'parts';
    lines.push(
      `Use these ${form}, in this order: ${params.sections.map((s) => JSON.stringify(s)).join(', ')}.`,
    );
  }
  if (preferences.tone) lines.push(`Tone: ${preferences.tone}.`);
  if (preferences.styleguide) lines.push(`Follow this style guide: ${preferences.styleguide}`);
  for (const [key, value] of Object.entries(preferences)) {
    if (key !== 'tone' && key !== 'styleguide' && value !== null && value !== undefined)
      lines.push(`${key}: ${format(value)}`);
  }
  return lines.join('\n');
}

/** Every parameter but the ones already in the instructions, one `key: value` line each. */
function userPrompt(request: GenerationRequest): string {
  const skip = new Set(['sections', 'contentLength']);
  const lines: string[] = [];
  for (const [key, value] of Object.entries(request.params)) {
    if (skip.has(key) || value === undefined || value === null) continue;
    lines.push(
      key === 'language'
        ? `The parameters are written in: ${languageName(String(value))}`
        : `${key}: ${format(value)}`,
    );
  }
  return lines.join('\n');
}

const format = (value: unknown) => (Array.isArray(value) ? value.join(', ') : String(value));

function languageName(tag: string): string {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(tag);
    return name && name !== tag ? `${name} (${tag})` : tag;
  } catch {
    return tag;
  }
}

/** The text of one `chat.completion.chunk`; an `error` object in the stream fails the generation. */
function deltaOf(data: string, fail: (message: string) => Error): string | undefined {
  let chunk: unknown;
  try {
    chunk = JSON.parse(data);
  } catch {
    throw fail(`malformed stream chunk: ${clipMessage(data, 300)}`);
  }
  const error = (chunk as { error?: unknown })?.error;
  if (error !== undefined && error !== null) throw fail(`the model failed: ${errorText(error)}`);
  const choices = (chunk as { choices?: unknown })?.choices;
  const first = Array.isArray(choices)
    ? (choices[0] as { delta?: { content?: unknown } } | undefined)
    : undefined;
  const content = first?.delta?.content;
  return typeof content === 'string' ? content : undefined;
}

function errorText(error: unknown): string {
  if (typeof error === 'string') return clipMessage(error, 300);
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' ? clipMessage(message, 300) : clipMessage(JSON.stringify(error), 300);
}

function errorMessage(text: string): string {
  try {
    return errorText((JSON.parse(text) as { error?: unknown }).error ?? text);
  } catch {
    return clipMessage(text || 'no error message', 300);
  }
}
