/**
 * The manifest beside the screenshots (`screenshots.yml`, `.yaml` or `.json` in the folder): per
 * PNG file, relative to the folder, the keys it shows and optionally each key's box in image
 * pixels (x, y from the top-left corner, w, h).
 *
 * ```yaml
 * settings/general.png:
 *   - settings.nav                                      # shown, no box
 *   - key: settings.tabs.general
 *     box: { x: 24, y: 80, w: 120, h: 32 }
 * ```
 */
import { parseDocument } from 'yaml';
import { z } from 'zod';
import { Box, MAX_SCREENSHOT_KEYS, type ScreenshotKey } from '../api/schemas/file-context.ts';
import { fileNameProblem } from '../api/schemas/paths.ts';

export const MANIFEST_NAMES = ['screenshots.yml', 'screenshots.yaml', 'screenshots.json'] as const;

export class ManifestError extends Error {
  override name = 'ManifestError';
  readonly file: string;
  readonly problems: string[];
  constructor(file: string, problems: string[]) {
    super(`${file}: ${problems.join('; ')}`);
    this.file = file;
    this.problems = problems;
  }
}

const key = z.string({ error: 'must be a key (text)' }).min(1, 'must not be empty').max(1000);
const Entry = z.array(
  z.union([key, z.strictObject({ key, box: Box.optional() })], {
    error: 'must be a key, or { key, box: { x, y, w, h } }',
  }),
  { error: 'must be a list of the keys the screenshot shows' },
);
const Manifest = z.record(z.string(), Entry, { error: 'must map each PNG file to the keys it shows' });

/** `a.b[2].box.x` from a zod issue path. */
function where(path: readonly PropertyKey[]): string {
  return path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`))
    .join('');
}

/** The manifest's entries: PNG path (relative to the folder) → keys, each at most once. */
export function parseManifest(fileName: string, text: string): Map<string, ScreenshotKey[]> {
  let data: unknown;
  if (fileName.endsWith('.json')) {
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new ManifestError(fileName, [`is not valid JSON: ${(error as Error).message}`]);
    }
  } else {
    const doc = parseDocument(text);
    if (doc.errors.length > 0) {
      const e = doc.errors[0]!;
      throw new ManifestError(fileName, [
        `is not valid YAML (line ${e.linePos?.[0].line ?? '?'}): ${e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`,
      ]);
    }
    data = doc.toJS();
  }
  const parsed = Manifest.safeParse(data ?? {});
  if (!parsed.success)
    throw new ManifestError(
      fileName,
      parsed.error.issues.map((i) => (i.path.length > 0 ? `${where(i.path)}: ${i.message}` : i.message)),
    );
  const problems: string[] = [];
  const out = new Map<string, ScreenshotKey[]>();
  for (const [file, entries] of Object.entries(parsed.data)) {
    const pathProblem = fileNameProblem(file);
    if (pathProblem) problems.push(`"${file}": the file name ${pathProblem}`);
    else if (!file.toLowerCase().endsWith('.png')) problems.push(`"${file}": only PNG files are taken`);
    if (entries.length === 0) problems.push(`"${file}": lists no key`);
    if (entries.length > MAX_SCREENSHOT_KEYS)
      problems.push(`"${file}": lists more than ${MAX_SCREENSHOT_KEYS} keys`);
    const keys = entries.map((e) => (typeof e === 'string' ? { key: e } : e));
    const seen = new Set<string>();
    for (const k of keys) {
      if (seen.has(k.key)) problems.push(`"${file}": key "${k.key}" is listed twice`);
      seen.add(k.key);
    }
    out.set(file, keys);
  }
  if (problems.length > 0) throw new ManifestError(fileName, problems);
  return out;
}
