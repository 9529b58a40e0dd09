/**
 * Parse + render throughput of every format on a ~5 MB generated file, against the best-known
 * library for that format used naively (parse + serialise, which loses bytes we keep), in the
 * same run. Each format contributes bench/formats/<name>.ts exporting `benchFormat`; one that
 * also gives an `editCase` adds `<name>-edit`: a sync's `edit` of a target of EDIT_UNITS units
 * against the same naive parse + serialise of that target.
 * Prints {"bench":"formats","min_ratio_vs_naive":R,"per_format":{name:{ratio,ours_mb_s,naive_mb_s}}}.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FormatModule, PluralCategory, PluralForms, TargetChanges } from '../src/formats/model.ts';

interface BenchFormat {
  name: string;
  format: FormatModule;
  generate(targetBytes: number): Uint8Array;
  naive(bytes: Uint8Array): void;
  editCase?(units: number): { target: Uint8Array; changes: TargetChanges; units: number };
}

const TARGET_BYTES = Number(process.env.BENCH_FORMAT_BYTES ?? 5 * 1024 * 1024);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PASSES = Number(process.env.BENCH_PASSES ?? 2);
const EDIT_UNITS = Number(process.env.BENCH_EDIT_UNITS ?? 20_000);
const only = process.env.BENCH_FORMAT;

function translationsFor(format: FormatModule, bytes: Uint8Array): Map<string, string | PluralForms> {
  const categories = new Intl.PluralRules('de').resolvedOptions().pluralCategories as PluralCategory[];
  const out = new Map<string, string | PluralForms>();
  for (const unit of format.parse(bytes)) {
    if (!unit.translatable) continue;
    if (unit.sourcePlural) {
      const forms: PluralForms = { other: `Ü${unit.sourcePlural.other}` };
      for (const c of categories) forms[c] = `Ü${unit.sourcePlural[c] ?? unit.sourcePlural.other}`;
      out.set(unit.id, forms);
    } else {
      out.set(unit.id, `Ü${unit.source}`);
    }
  }
  return out;
}

/**
 * Best of a few rounds of each, in MB/s. Each side runs in blocks of an untimed round, which
 * absorbs the garbage the other side left, then ROUNDS timed ones; the blocks alternate PASSES
 * times, so a machine that speeds up or slows down during the run affects both sides alike.
 */
function throughputs(bytes: number, ours: () => void, naive: () => void): { ours: number; naive: number } {
  const block = (run: () => void, best: number): number => {
    run();
    for (let i = 0; i < ROUNDS; i++) {
      const start = process.hrtime.bigint();
      run();
      best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e9);
    }
    return best;
  };
  let bestOurs = Number.POSITIVE_INFINITY;
  let bestNaive = Number.POSITIVE_INFINITY;
  for (let pass = 0; pass < PASSES; pass++) {
    bestOurs = block(ours, bestOurs);
    bestNaive = block(naive, bestNaive);
  }
  const mb = bytes / 1024 / 1024;
  return { ours: mb / bestOurs, naive: mb / bestNaive };
}

const round = (x: number) => Math.round(x * 100) / 100;
const dir = join(import.meta.dirname, 'formats');
const perFormat: Record<string, { ratio: number; ours_mb_s: number; naive_mb_s: number; units: number }> = {};
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.ts'))
  .sort()) {
  const { benchFormat } = (await import(join(dir, file))) as { benchFormat: BenchFormat };
  if (only && benchFormat.name !== only) continue;
  const bytes = benchFormat.generate(TARGET_BYTES);
  const translations = translationsFor(benchFormat.format, bytes);
  const { ours, naive } = throughputs(
    bytes.length,
    () => {
      benchFormat.format.parse(bytes);
      benchFormat.format.render(bytes, translations, { targetLang: 'de' });
    },
    () => benchFormat.naive(bytes),
  );
  perFormat[benchFormat.name] = {
    ratio: round(ours / naive),
    ours_mb_s: round(ours),
    naive_mb_s: round(naive),
    units: translations.size,
  };
  globalThis.gc?.();
  const edit = benchFormat.editCase?.(EDIT_UNITS);
  if (!edit || !benchFormat.format.edit) continue;
  const options = { targetLang: 'de' };
  const timed = throughputs(
    edit.target.length,
    () => benchFormat.format.edit!(edit.target, edit.changes, options),
    () => benchFormat.naive(edit.target),
  );
  perFormat[`${benchFormat.name}-edit`] = {
    ratio: round(timed.ours / timed.naive),
    ours_mb_s: round(timed.ours),
    naive_mb_s: round(timed.naive),
    units: edit.units,
  };
  globalThis.gc?.();
}
const ratios = Object.values(perFormat).map((f) => f.ratio);
process.stdout.write(
  `${JSON.stringify({ bench: 'formats', min_ratio_vs_naive: ratios.length ? Math.min(...ratios) : null, file_bytes: TARGET_BYTES, per_format: perFormat })}\n`,
);
