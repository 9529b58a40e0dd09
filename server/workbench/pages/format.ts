import type { Progress } from '../../services/workbench/progress.ts';
import { type Html, html } from '../html.ts';

/** A share as a whole percent (0 of 0 is 0 %). */
export function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.floor((part / whole) * 100);
}

/** A count with its noun, singular for one: `1 word`, `3 words`, `0 words`. */
export function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** Confirmed words as a labelled progress bar with its figures in text (no inline styles: CSP). */
export function progressBar(progress: Progress, label: string): Html {
  const pct = percent(progress.confirmedWords, progress.words);
  return html`<progress max="100" value="${pct}" aria-label="${label}">${pct} %</progress>
<span>${pct} % confirmed (${progress.confirmedWords} of ${counted(progress.words, 'word')})</span>`;
}

/** A date as YYYY-MM-DD (UTC), or an em dash. */
export function day(ms: number | null): string {
  return ms === null ? '—' : new Date(ms).toISOString().slice(0, 10);
}
