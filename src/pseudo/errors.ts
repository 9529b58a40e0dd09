/** A pseudo-locale that cannot be written as asked (not a pseudo-locale tag, a real target language). */
export class PseudoError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PseudoError';
  }
}
