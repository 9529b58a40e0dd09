/** The Languages section of the pull request body and the QA check run's summary (issue 37). */
import type { GateReport } from '../ship/figures.ts';
import { describeFigures } from '../ship/gate.ts';
import { cell } from './markdown-cell.ts';

/**
 * Per language (and group of files): shipped or held back, the figures against its gate, and
 * what would let it through. A held-back language's files stay as they were last shipped.
 */
export function gatesSection(reports: readonly GateReport[]): string[] {
  const out = [
    '### Languages',
    '',
    '| Language | Files | Status | Figures | To ship |',
    '|---|---|---|---|---|',
  ];
  const sorted = [...reports].sort((a, b) => a.lang.localeCompare(b.lang) || a.group.localeCompare(b.group));
  for (const r of sorted) {
    const status = r.ship ? (r.was ? 'shipped' : '**ships now**') : '**held back**';
    const files = r.group === '' ? 'all' : `\`${cell(r.group)}\``;
    const figures = describeFigures(r.gate, r.figures, r.was);
    out.push(`| ${cell(r.lang)} | ${files} | ${status} | ${figures} | ${r.missing.join(', ') || '—'} |`);
  }
  if (reports.some((r) => !r.ship))
    out.push(
      '',
      "A held-back language's files stay as they were last shipped; its translations wait in the memory.",
    );
  return out;
}
