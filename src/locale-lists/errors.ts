/** Why a locale list could not be updated; the file is then left as it is. */
export class LocaleListError extends Error {
  /** The list's repository path. */
  readonly path: string;

  constructor(path: string, problem: string, options?: { cause?: unknown }) {
    super(`${path}: ${problem}`, options);
    this.name = 'LocaleListError';
    this.path = path;
  }
}
