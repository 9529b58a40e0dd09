import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ContextRule } from '../config/context.ts';
import { type SourcesPlan, type SyncSettings, targetPathOf } from '../config/settings.ts';
import type { SyncState } from '../contracts/sync-state.ts';
import { FormatError } from '../formats/errors.ts';
import type { FormatModule, Unit } from '../formats/model.ts';
import { detectFormat, formatByName } from '../formats/registry.ts';
import { missingForms, targetTranslations, type UnitText } from '../formats/target.ts';
import { holdRemovals, removalsFor } from '../translations/removals.ts';
import { type AmbiguousRename, carryRenames } from '../translations/renames.ts';
import type { SourceFile, SourceProblem } from '../translations/source-file.ts';
import { planTarget, type TargetPlan } from '../translations/target-plan.ts';
import { withContext } from '../translations/unit-context.ts';

/** A source file with its format and units, as the targets are planned from it. */
export interface ParsedSource {
  file: SourceFile;
  format: FormatModule;
  units: Unit[];
  /** The repository's context rules about this source (`.svc.yml` `context:`, its `*.context.yml`). */
  rules?: readonly ContextRule[];
}

/** One target file of one source in one language, read and planned. */
export interface TargetWork {
  source: ParsedSource;
  lang: string;
  /** Repository path of the target (the source's own path for a multilingual file). */
  path: string;
  /** The target as the checkout holds it; undefined when there is none. */
  bytes: Uint8Array | undefined;
  plan: TargetPlan;
  /** Read from the l10n branch (people committed to it), not from the checkout. */
  onBranch?: boolean;
}

/**
 * Where targets are read from instead of the checkout: the l10n branch, when people committed to
 * it (their edits there are people's work, DESIGN §7) — asked once for every target of a run, so
 * they are read in bulk. A path missing from the answer is read from the checkout; `{bytes:
 * undefined}`: the branch has no such file.
 */
export type TargetSource = (
  targets: readonly {
    path: string;
    lang: string;
    /** The target is the source file itself (a multilingual file). */
    multilingual: boolean;
  }[],
) => Promise<ReadonlyMap<string, { bytes: Uint8Array | undefined }>>;

/** Parses the sources again with their format (readSourceFile only counted their units). */
export function parseSources(
  sources: readonly SourceFile[],
  plan: SourcesPlan,
  rules: ReadonlyMap<string, readonly ContextRule[]> = new Map(),
): ParsedSource[] {
  const pinned = new Map(plan.map((p) => [p.path, p.format]));
  return sources.map((file) => {
    const name = pinned.get(file.path);
    const format = (name ? formatByName(name) : detectFormat(file.path, file.bytes))!;
    const units = format.parse(file.bytes, { fileName: file.path });
    // The repository's context rules over the file's own (do_not_translate leaves a unit out).
    const fileRules = rules.get(file.path) ?? [];
    return {
      file,
      format,
      units: fileRules.length > 0 ? withContext(units, fileRules) : units,
      rules: fileRules,
    };
  });
}

/** A file's bytes, or undefined when there is none. */
export async function readIfPresent(path: string): Promise<Uint8Array | undefined> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Reads every source's target in every language from the checkout and plans it (target-plan.ts),
 * with the config's `on_source_change` and `removed_keys` (`onDefaultBranch`: whether the run is
 * on the repository's default branch, when known). A target that does not parse is never
 * written: it is a problem (`path:line:col`), and that language of that source is left out.
 */
export async function planTargets(
  sources: readonly ParsedSource[],
  settings: SyncSettings,
  workspace: string,
  state: SyncState,
  options: {
    fresh?: boolean;
    readTarget?: TargetSource | undefined;
    onDefaultBranch?: boolean | undefined;
  } = {},
): Promise<{ works: TargetWork[]; problems: SourceProblem[]; ambiguous: AmbiguousRename[] }> {
  const works: TargetWork[] = [];
  const problems: SourceProblem[] = [];
  const asks = sources.flatMap((source) =>
    settings.targets.map((lang) => {
      const path = targetPathOf(settings, source.file.path, lang);
      return { path, lang, multilingual: path === source.file.path };
    }),
  );
  const onBranch = options.readTarget ? await options.readTarget(asks) : undefined;
  for (const source of sources) {
    for (const lang of settings.targets) {
      const path = targetPathOf(settings, source.file.path, lang);
      const inSource = path === source.file.path;
      const branch = onBranch?.get(path);
      const bytes = branch
        ? branch.bytes
        : inSource
          ? source.file.bytes
          : await readIfPresent(join(workspace, path));
      let existing: Map<string, UnitText> | undefined;
      if (bytes) {
        try {
          existing = targetTranslations(source.format, bytes, lang, {
            fileName: path,
            sourceUnits: source.units,
          });
        } catch (error) {
          if (!(error instanceof FormatError)) throw error;
          problems.push({
            path,
            message: `${error.message} (the ${lang} translation is left as it is)`,
            line: error.line,
            column: error.column,
          });
          continue;
        }
      }
      const record = state.targets[lang]?.[path];
      works.push({
        source,
        lang,
        path,
        bytes,
        plan: planTarget(source.units, existing, record, {
          ...(options.fresh ? { fresh: true } : {}),
          ...(branch ? { onBranch: true } : {}),
          incomplete: (unit, text) => missingForms(source.format, unit, text, lang).length > 0,
          smallEdits: settings.onSourceChange.small,
        }),
        ...(branch ? { onBranch: true } : {}),
      });
    }
  }
  // Which group of a `ship:` policy each target's record falls in, for gates counted from the state.
  for (const w of works) w.plan.record.source = w.source.file.path;
  // A key renamed or moved to another source file takes its translations along (issue 36).
  const ambiguous = carryRenames(works, settings.onSourceChange.small);
  holdRemovals(works, removalsFor(settings.removedKeys, options.onDefaultBranch));
  return { works, problems, ambiguous };
}
