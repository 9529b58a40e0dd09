import type { DeadLetter } from './store/dead-letters.ts';

/** The list as a fixed-width table for the terminal. */
export function formatDeadLetters(letters: readonly DeadLetter[]): string {
  if (letters.length === 0) return 'no dead letters\n';
  const rows = letters.map((l) => [
    String(l.id),
    l.type,
    l.webhookId,
    String(l.attempts),
    new Date(l.deadAt).toISOString(),
    (l.lastError ?? '').replace(/\s+/g, ' ').slice(0, 120),
  ]);
  const head = ['ID', 'TYPE', 'WEBHOOK ID', 'ATTEMPTS', 'DIED', 'LAST ERROR'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return `${[head, ...rows].map(line).join('\n')}\n`;
}
