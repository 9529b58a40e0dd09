import type { FileWrite } from '../../src/github/branch-commit.ts';
import type { FindingsOf } from '../../src/github/translation-pull-requests.ts';
import { checkFile, sourceUnits } from '../../src/qa/check-file.ts';
import type { Finding } from '../../src/qa/index.ts';
import type { WrittenSource } from './merge-base.ts';

/**
 * The localization QA of what a pull request is about to hold, by the engine of `svc-connector qa`
 * (src/qa). runQa walks a working tree; the receiver has none, but it knows for each written file
 * its source, its format and its languages (read for the merge), so each file is checked with the
 * same per-file step runQa takes (checkFile) over the bytes being committed — no temp checkout,
 * and nothing the pull request does not carry is reported.
 */
export function qaFindingsOf(sources: ReadonlyMap<string, WrittenSource>, sourceLang: string): FindingsOf {
  return async (files: readonly FileWrite[]) => {
    const findings: Finding[] = [];
    for (const file of files) {
      const written = sources.get(file.path);
      if (!written) continue;
      const target = typeof file.content === 'string' ? new TextEncoder().encode(file.content) : file.content;
      const units = sourceUnits(written.format, written.source, written.sourcePath, sourceLang);
      if (!Array.isArray(units)) {
        findings.push(units);
        continue;
      }
      for (const lang of written.langs) {
        const pair = {
          format: written.format,
          sourcePath: written.sourcePath,
          targetPath: file.path,
          source: written.source,
          target,
          sourceLang,
          lang,
        };
        findings.push(...checkFile(pair, units).findings);
      }
    }
    return findings;
  };
}
