/**
 * Language gates (issue 37): whether a language ships, from its figures against the project's
 * `ship:` policy. A gate has a hysteresis — a shipped language stays while it holds the `leave`
 * figure, a waiting one enters at `enter` — so one new source string does not pull a shipped
 * language out. A held-back language's files stay as they were last shipped; its translations keep
 * flowing into the memory and the platform, so nothing is lost while it waits.
 */

/** A percentage a language must reach to ship (`enter`) and keep while shipped (`leave` ≤ `enter`). */
export interface Threshold {
  enter: number;
  leave: number;
}

/** What one language (of one group of files) must hold to ship. */
export interface Gate {
  /** Percent of source units with a translation. */
  minTranslated?: Threshold | undefined;
  /** Percent of source units whose translation people wrote or confirmed (machine output alone is not reviewed). */
  minReviewed?: Threshold | undefined;
  /** `errors`: no QA error in the language's files; `off` lifts a broader gate's. */
  qa?: 'errors' | 'off' | undefined;
}

/** A language's figures over the files a gate covers. */
export interface Figures {
  /** Translatable source units. */
  units: number;
  /** Units with a translation (in the target, or delivered and waiting while the language is held back). */
  translated: number;
  /** Units whose translation people wrote or confirmed. */
  reviewed: number;
  /** QA errors in the language's files. */
  qaErrors: number;
}

export interface Decision {
  ship: boolean;
  /** What stands in the way (empty when it ships): `12 units left to translate`, `3 QA errors`. */
  missing: string[];
}

/** A share as a percentage; a file set without units is complete. */
export const percent = (part: number, units: number) => (units === 0 ? 100 : (100 * part) / units);

/** Units still needed for `count` of `units` to reach `target` percent. */
const unitsShort = (count: number, units: number, target: number) =>
  Math.max(0, Math.ceil((target * units) / 100 - 1e-9) - count);

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Whether a language ships: against `enter` when it is not shipped yet, `leave` when it is. With
 * no gate, every language ships.
 */
export function decide(gate: Gate, figures: Figures, shipped: boolean): Decision {
  const missing: string[] = [];
  const bar = (t: Threshold) => (shipped ? t.leave : t.enter);
  if (gate.minTranslated) {
    const short = unitsShort(figures.translated, figures.units, bar(gate.minTranslated));
    if (short > 0) missing.push(`${plural(short, 'unit')} left to translate`);
  }
  if (gate.minReviewed) {
    const short = unitsShort(figures.reviewed, figures.units, bar(gate.minReviewed));
    if (short > 0) missing.push(`${plural(short, 'unit')} left to review`);
  }
  if (gate.qa === 'errors' && figures.qaErrors > 0) missing.push(plural(figures.qaErrors, 'QA error'));
  return { ship: missing.length === 0, missing };
}

/** `91 % translated (gate 90), 40 % reviewed (gate 0), 0 QA errors`: the figures against the gate. */
export function describeFigures(gate: Gate, figures: Figures, shipped: boolean): string {
  const share = (n: number) => `${Math.floor(percent(n, figures.units))} %`;
  const against = (t: Threshold | undefined) => (t ? ` (gate ${shipped ? t.leave : t.enter})` : '');
  const parts = [
    `${share(figures.translated)} translated${against(gate.minTranslated)}`,
    `${share(figures.reviewed)} reviewed${against(gate.minReviewed)}`,
  ];
  if (gate.qa === 'errors') parts.push(plural(figures.qaErrors, 'QA error'));
  return parts.join(', ');
}
