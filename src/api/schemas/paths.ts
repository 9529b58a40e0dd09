/**
 * A file name as the platform stores it: a relative path with `/` separators, no `.` or `..`
 * segments, no leading slash, no drive letter, no control characters. Names are repository paths
 * (DESIGN §6) and become zip entries on export, so anything that could climb out of a folder is
 * refused rather than "cleaned".
 */
export function fileNameProblem(name: string): string | undefined {
  if (name.trim() === '') return 'must not be empty';
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'must not contain control characters';
  if (name.includes('\\')) return 'must use / as the path separator';
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return 'must be a relative path';
  const segments = name.split('/');
  if (segments.some((s) => s === '..' || s === '.')) return 'must not contain . or .. segments';
  if (segments.some((s) => s === '')) return 'must not contain empty path segments';
  return undefined;
}

/**
 * fileNameProblem as a JSON Schema pattern, for the OpenAPI document: something not blank, no
 * drive letter, no leading slash, no empty or `.`/`..` segment, no control character or backslash.
 * test/api/file-name-pattern.test.ts holds the two to the same answers.
 */
export const FILE_NAME_PATTERN =
  '^(?=[\\s\\S]*\\S)(?![a-zA-Z]:)(?!/)(?![\\s\\S]*//)(?![\\s\\S]*/$)(?!(?:[\\s\\S]*/)?\\.\\.?(?:/|$))' +
  '[^\\u0000-\\u001f\\u007f\\\\]+$';
