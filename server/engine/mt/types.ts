/**
 * The machine translation provider contract. Providers receive text whose placeholders are
 * already protected as inline code tokens (`<x id="N"/>`, see src/formats/placeholders/protect.ts)
 * and must hand the tokens back untouched; the pipeline (pipeline.ts) checks that they did.
 */

/** A termbase entry: where `source` occurs in a segment, the translation should use `target`. */
export interface MtTerm {
  source: string;
  target: string;
}

/** What translators would be told about one string: the provider passes it on where it can. */
export interface MtSegmentContext {
  /** What the string is (a description from its file or the repository's context rules). */
  description?: string | undefined;
  /** The most characters the translation may have. */
  maxLength?: number | undefined;
  /** What each placeholder stands for, by name. */
  placeholders?: Record<string, string> | undefined;
}

export interface MtRequest {
  /** Protected segments to translate; the answer has one output per segment, in order. */
  sources: string[];
  /** Per source, in order: its context, where it has one. */
  contexts?: (MtSegmentContext | undefined)[] | undefined;
  srclang: string;
  trglang: string;
  srclocale?: string;
  trglocale?: string;
  terms?: MtTerm[];
  signal?: AbortSignal;
}

export interface MtOutput {
  target: string;
  /** Model confidence in 0..1, when the provider reports one. */
  score?: number;
}

export interface MtProvider {
  readonly name: string;
  translate(req: MtRequest): Promise<MtOutput[]>;
}

/**
 * A provider failed: unreachable, timed out, answered with an HTTP error or with something that is
 * not a translation. `status` is the provider's HTTP status when it answered with one. The message
 * is safe to show to API callers (the route answers 502 `{message}`): it never carries credentials.
 *
 * `status` names the upstream status, not ours, so this class deliberately does not extend the
 * server's HttpError: a provider's 401 must not turn into a 401 for the platform's caller.
 */
export class MtError extends Error {
  readonly provider: string;
  readonly status?: number;

  constructor(provider: string, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(`${provider}: ${message}`, { cause: options.cause });
    this.name = 'MtError';
    this.provider = provider;
    if (options.status !== undefined) this.status = options.status;
  }
}

/** The language tag a provider should see: the locale when given (`pt-BR`), else the language (`pt`). */
export function languageTag(lang: string, locale: string | undefined): string {
  if (!locale) return lang;
  return locale.includes('-') || locale.includes('_') ? locale.replace('_', '-') : `${lang}-${locale}`;
}
