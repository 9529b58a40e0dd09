import type { ScreenshotSyncResult } from './upload.ts';

/** One line per kind of change, then the request count: what a CI log should show. */
export function screenshotSummary(r: ScreenshotSyncResult, dryRun: boolean): string {
  const lines = (['uploaded', 'replaced', 'relabelled', 'removed'] as const).flatMap((kind) =>
    r[kind].map((p) => `${dryRun ? 'would be ' : ''}${kind}: ${p}\n`),
  );
  const counts = `${r.uploaded.length} uploaded, ${r.replaced.length} replaced, ${r.relabelled.length} relabelled, ${r.unchanged.length} unchanged, ${r.removed.length} removed`;
  return `${lines.join('')}screenshots: ${counts}${dryRun ? ' (dry run)' : ''} — ${r.requests} request(s)\n`;
}
