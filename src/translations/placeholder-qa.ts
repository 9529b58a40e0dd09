/**
 * The pull request body's placeholder warnings: the placeholder findings of the QA check (src/qa,
 * the rule set the PR's check run and `svc-connector qa` report), so the body and the check never
 * disagree about a file. A file that does not parse gives no warnings: the formats library already
 * refused to produce one, so this only reads what it wrote.
 */
import { detectFormat, formatByName } from '../formats/registry.ts';
import { checkFile, sourceUnits } from '../qa/check-file.ts';

/** A translated string whose placeholders do not match its source's. */
export interface PlaceholderWarning {
  /** The translated file's repository path. */
  path: string;
  /** The string's key or id in the file. */
  id: string;
  message: string;
}

/**
 * Placeholder findings of one translated file against its source, for each language it holds
 * (one for a target file, several for a file that holds every language, e.g. a String Catalog).
 */
export function placeholderWarnings(
  source: { path: string; bytes: Uint8Array },
  translated: { path: string; bytes: Uint8Array },
  languages: { source: string; targets: readonly string[] },
  format?: string,
): PlaceholderWarning[] {
  const module = format ? formatByName(format) : detectFormat(source.path, source.bytes);
  if (!module) return [];
  const units = sourceUnits(module, source.bytes, source.path, languages.source);
  if (!Array.isArray(units)) return [];
  const warnings: PlaceholderWarning[] = [];
  for (const lang of languages.targets) {
    const pair = {
      format: module,
      sourcePath: source.path,
      targetPath: translated.path,
      source: source.bytes,
      target: translated.bytes,
      sourceLang: languages.source,
      lang,
    };
    for (const f of checkFile(pair, units).findings)
      if (f.rule.startsWith('placeholder-')) warnings.push({ path: f.path, id: f.key, message: f.message });
  }
  return warnings;
}
