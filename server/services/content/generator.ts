/**
 * The one interface every content generator implements, and what it is given: a validated
 * request with its template resolved and its length decided.
 */
import type { ContentPreferences, TemplateParams } from '../../../src/api/schemas/content.ts';
import type { ContentTemplate } from './templates.ts';

export interface GenerationRequest {
  /** The target language tag (`de`, `pt-BR`), known to the catalogue. */
  language: string;
  template: ContentTemplate;
  params: TemplateParams;
  /** The organization's stored preferences with the request's on top. */
  preferences: ContentPreferences;
  /** Target length in words: `params.contentLength` or the template's default. */
  contentLength: number;
}

export interface ContentGenerator {
  /** Stored on the record as `generator`: `offline`, `openai:<model>`. */
  readonly name: string;
  /**
   * The content in pieces, in order, as they are produced. Aborting `signal` stops the work and
   * makes the iteration throw the signal's reason.
   */
  generate(request: GenerationRequest, signal: AbortSignal): AsyncIterable<string>;
}

/** A generator could not produce the content; the message is safe to show the caller. */
export class ContentGenerationError extends Error {
  readonly provider: string;
  constructor(provider: string, message: string, options: { cause?: unknown } = {}) {
    super(`${provider}: ${message}`, { cause: options.cause });
    this.name = 'ContentGenerationError';
    this.provider = provider;
  }
}
