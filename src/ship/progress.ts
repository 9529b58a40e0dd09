/**
 * Each language's progress as the last run recorded it in the state (issue 37, item 4): units,
 * translated, reviewed, its gate and whether it shipped. `svc-connector status` prints it and the
 * receiver's badge serves it, so both read the same figures the pull request body was made from.
 */
import type { SvcConfig } from '../config/schema.ts';
import type { SyncState } from '../contracts/sync-state.ts';
import { recordShare } from './figures.ts';
import { decide, type Figures, type Gate, percent } from './gate.ts';
import { gateOf, gates } from './policy.ts';

export interface LanguageProgress {
  lang: string;
  units: number;
  translated: number;
  reviewed: number;
  /** Percent translated and reviewed, rounded down. */
  translatedPercent: number;
  reviewedPercent: number;
  /** The language's gate over its files (the policy's, with the language's overrides); undefined without `ship:`. */
  gate: Gate | undefined;
  /**
   * `shipped` or `held back` as the last gated run decided (shipped: its files, or a group of them
   * the policy sets apart, are written); `ships` without a `ship:` policy (every language is).
   */
  status: 'shipped' | 'held back' | 'ships';
  /** What would let a held-back language through, against its gate's `enter`. */
  missing: string[];
}

/** Every target language's progress from `state`, in the config's order. */
export function progressOf(
  config: Pick<SvcConfig, 'targets' | 'ship'>,
  state: SyncState,
): LanguageProgress[] {
  return config.targets.map((lang) => {
    const figures: Figures = { units: 0, translated: 0, reviewed: 0, qaErrors: 0 };
    for (const record of Object.values(state.targets[lang] ?? {})) {
      const share = recordShare(lang, record);
      if (!share) continue;
      figures.units += share.units;
      figures.translated += share.translated;
      figures.reviewed += share.reviewed;
    }
    const policy = config.ship;
    const gated = gates(policy);
    const shipped = state.shipped?.[lang] ?? [];
    const gate = gated ? gateOf(policy, lang, '') : undefined;
    const status = !gated ? 'ships' : shipped.length > 0 ? 'shipped' : 'held back';
    const missing =
      gate && status === 'held back' ? decide({ ...gate, qa: undefined }, figures, false).missing : [];
    return {
      lang,
      units: figures.units,
      translated: figures.translated,
      reviewed: figures.reviewed,
      translatedPercent: Math.floor(percent(figures.translated, figures.units)),
      reviewedPercent: Math.floor(percent(figures.reviewed, figures.units)),
      gate,
      status,
      missing,
    };
  });
}

/** A text table, one language per line: `de  120 units  100 % translated  85 % reviewed  shipped`. */
export function renderProgress(progress: readonly LanguageProgress[]): string {
  const rows = progress.map((p) => [
    p.lang,
    `${p.units} units`,
    `${p.translatedPercent} % translated`,
    `${p.reviewedPercent} % reviewed`,
    p.status + (p.missing.length > 0 ? ` (to ship: ${p.missing.join(', ')})` : ''),
  ]);
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => r[i]!.length))) ?? [];
  return rows
    .map((r) => `${r.map((c, i) => (i < r.length - 1 ? c.padEnd(widths[i]!) : c)).join('  ')}\n`)
    .join('');
}
