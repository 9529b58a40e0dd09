/**
 * QA of one target file against its source file: both parsed with the same format module, units
 * matched by id, each finding placed where the translation stands in the target file.
 */
import { FormatError } from '../formats/errors.ts';
import type { FormatModule, Unit } from '../formats/model.ts';
import { checkUnit } from './check-unit.ts';
import { TargetLocator } from './positions.ts';
import type { Finding, TermEntry } from './types.ts';

export interface FilePair {
  format: FormatModule;
  /** Repository paths (the target's is the one findings name). */
  sourcePath: string;
  targetPath: string;
  source: Uint8Array;
  target: Uint8Array;
  sourceLang: string;
  lang: string;
  terms?: readonly TermEntry[];
  /** Where a unit's length limit is written when a context rule gives it, by unit id. */
  limitOrigins?: ReadonlyMap<string, string>;
}

function parseFinding(path: string, lang: string, error: unknown): Finding {
  if (!(error instanceof FormatError)) throw error;
  const message = `cannot read the file: ${error.message}`;
  return {
    path,
    line: error.line,
    column: error.column,
    key: '',
    lang,
    rule: 'parse-error',
    severity: 'error',
    message,
  };
}

/** Translatable units of a source file, or the finding that it cannot be read. */
export function sourceUnits(
  format: FormatModule,
  bytes: Uint8Array,
  path: string,
  lang: string,
): Unit[] | Finding {
  try {
    return format.parse(bytes, { fileName: path }).filter((u) => u.translatable);
  } catch (error) {
    return parseFinding(path, lang, error);
  }
}

/** Findings of one target file, and the number of source units it was checked for. */
export function checkFile(pair: FilePair, units?: readonly Unit[]): { findings: Finding[]; units: number } {
  const { format, lang, targetPath: path } = pair;
  const holds = format.holds ?? 'one';
  const source = units ?? sourceUnits(format, pair.source, pair.sourcePath, pair.sourceLang);
  if (!Array.isArray(source)) return { findings: [source as Finding], units: 0 };
  let targetUnits: Unit[];
  try {
    // Read against the source's units, as the sync reads targets (a stringsdict format key people
    // kept as `%#@count@` alone is their translation of the source's, and checked as one).
    targetUnits = format.parse(pair.target, {
      fileName: path,
      sourceUnits: source,
      ...(holds === 'all' ? { targetLang: lang } : {}),
    });
  } catch (error) {
    return { findings: [parseFinding(path, lang, error)], units: 0 };
  }
  const byId = new Map(targetUnits.map((u) => [u.id, u]));
  const locator = new TargetLocator(format, pair.target, lang);
  const ctx = {
    format,
    sourceLang: pair.sourceLang,
    lang,
    terms: pair.terms ?? [],
    limitOrigins: pair.limitOrigins,
  };
  const findings: Finding[] = [];
  for (const unit of source) {
    const target = byId.get(unit.id);
    if (target && !target.translatable) continue;
    // A unit the target file lacks has no place in it: the finding goes to the file's first line.
    const at = target ? locator.locate(target) : { line: 1, column: 1 };
    const limit = target ? locator.limit(target) : undefined;
    const checked =
      limit === undefined || unit.maxLength !== undefined ? unit : { ...unit, maxLength: limit };
    for (const issue of checkUnit(checked, target, ctx))
      findings.push({ path, ...at, key: unit.id, lang, ...issue });
  }
  return { findings, units: source.length };
}
