import type { SyncResult } from './run.ts';

const cell = (s: string) => s.replaceAll('|', '\\|').replaceAll('\n', ' ');
const LISTED = 200;

/**
 * The step summary of a run as Markdown: one row per source file (words, languages, the job or
 * translation ids), skipped and unparsable files, and the pull request when one was written.
 */
export function syncSummary(result: SyncResult, o: { targets: readonly string[]; dryRun?: boolean }): string {
  const out: string[] = [`### svc-connector: ${result.mode} mode${o.dryRun ? ' (dry run)' : ''}`, ''];
  const uploaded = o.dryRun ? result.wouldUpload : result.uploaded.map((u) => u.file);
  out.push(
    `${o.dryRun ? 'Would upload' : 'Uploaded'} **${uploaded.length}** file(s), skipped **${result.skipped.length}** unchanged` +
      (result.problems.length ? `, **${result.problems.length}** could not be parsed` : '') +
      '.',
  );
  if (result.job)
    out.push('', `Job **${result.job.id}** (${cell(result.job.name)}) for ${o.targets.join(', ')}.`);
  if (result.pullRequest)
    out.push('', `Pull request: [#${result.pullRequest.number}](${result.pullRequest.url})`);
  if (result.targets) {
    out.push(
      '',
      `Sent **${result.targets.unitsSent}** unit(s) for translation; wrote **${result.targets.written.length}** file(s).`,
      '',
      '| Language | Translated | Kept | Removed | Edited by people | Taught to memory |',
      '|---|---:|---:|---:|---:|---:|',
    );
    for (const u of result.targets.units)
      out.push(
        `| ${cell(u.target)} | ${u.translated} | ${u.kept} | ${u.removed.length} | ${u.edited.length} | ${result.targets.taught.get(u.target) ?? 0} |`,
      );
  }
  if (uploaded.length > 0) {
    const ids = new Map<string, string[]>();
    for (const t of result.translations) {
      const list = ids.get(t.file.file.path) ?? [];
      list.push(`${t.target}: ${t.status.id}`);
      ids.set(t.file.file.path, list);
    }
    out.push(
      '',
      `| File | Words | Languages | ${result.mode === 'job' ? 'Job' : 'Translations'} |`,
      '|---|---:|---|---|',
    );
    for (const f of uploaded.slice(0, LISTED)) {
      const what = result.job ? String(result.job.id) : (ids.get(f.path)?.join(', ') ?? '—');
      out.push(`| \`${cell(f.path)}\` | ${f.words} | ${o.targets.join(', ')} | ${what} |`);
    }
    if (uploaded.length > LISTED) out.push(`| … and ${uploaded.length - LISTED} more | | | |`);
  }
  if (result.problems.length > 0) {
    out.push('', '**Files that could not be parsed**', '');
    for (const p of result.problems)
      out.push(`- \`${p.path}\`${p.line ? `:${p.line}:${p.column ?? 1}` : ''}: ${p.message}`);
  }
  if (result.failures.length > 0) {
    out.push('', '**Translations that failed**', '');
    for (const f of result.failures) out.push(`- \`${f.sourcePath}\` → ${f.target}: ${f.message}`);
  }
  return `${out.join('\n')}\n`;
}
