import { describeLeftOut } from '../formats/left-out.ts';
import { describeFigures } from '../ship/gate.ts';
import type { SyncResult } from './run.ts';
import { describeSourceChanges } from './source-changes.ts';
import { describeWordless } from './wordless.ts';

const cell = (s: string) => s.replaceAll('|', '\\|').replaceAll('\n', ' ');
const LISTED = 200;

/** How a summary is written: Markdown for GITHUB_STEP_SUMMARY, plain text for a terminal. */
interface Style {
  heading(s: string): string;
  strong(s: string | number): string;
  code(s: string): string;
  link(text: string, url: string): string;
  table(head: string[], rows: string[][]): string[];
  list(title: string, items: string[]): string[];
}

const markdown: Style = {
  heading: (s) => `### ${s}`,
  strong: (s) => `**${s}**`,
  code: (s) => `\`${cell(s)}\``,
  link: (text, url) => `[${text}](${url})`,
  table: (head, rows) => [
    `| ${head.join(' | ')} |`,
    `|---|---:|${head
      .slice(2)
      .map(() => '---|')
      .join('')}`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ],
  list: (title, items) => [`**${title}**`, '', ...items.map((i) => `- ${i}`)],
};

const text: Style = {
  heading: (s) => s,
  strong: (s) => String(s),
  code: (s) => s,
  link: (label, url) => `${label} ${url}`,
  table: (head, rows) => {
    const all = [head, ...rows];
    const widths = head.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
    return all.map((r) => `  ${r.map((c, i) => c.padEnd(widths[i]!)).join('  ')}`.trimEnd());
  },
  list: (title, items) => [`${title}:`, ...items.map((i) => `  - ${i}`)],
};

/**
 * The summary of a run: one row per source file (words, languages, the job or translation ids),
 * skipped and unparsable files, and the pull request when one was written. Markdown by default
 * (the Action's step summary); `format: 'text'` for a terminal.
 */
export function syncSummary(
  result: SyncResult,
  o: { targets: readonly string[]; dryRun?: boolean; format?: 'markdown' | 'text' },
): string {
  const s = o.format === 'text' ? text : markdown;
  const out: string[] = [s.heading(`svc-connector: ${result.mode} mode${o.dryRun ? ' (dry run)' : ''}`), ''];
  const uploaded = o.dryRun ? result.wouldUpload : result.uploaded.map((u) => u.file);
  out.push(
    `${o.dryRun ? 'Would upload' : 'Uploaded'} ${s.strong(uploaded.length)} file(s), skipped ${s.strong(result.skipped.length)} unchanged` +
      (result.problems.length ? `, ${s.strong(result.problems.length)} could not be parsed` : '') +
      '.',
  );
  if (result.job)
    out.push('', `Job ${s.strong(result.job.id)} (${cell(result.job.name)}) for ${o.targets.join(', ')}.`);
  if (result.pullRequest)
    out.push('', `Pull request: ${s.link(`#${result.pullRequest.number}`, result.pullRequest.url)}`);
  if (result.targets) {
    const t = result.targets;
    out.push(
      '',
      `Sent ${s.strong(t.unitsSent)} unit(s) for translation; wrote ${s.strong(t.written.length)} file(s).`,
      '',
      ...s.table(
        ['Language', 'Translated', 'Kept', 'Removed', 'Edited by people', 'Taught to memory'],
        t.units.map((u) => [
          u.target,
          String(u.translated),
          String(u.kept),
          String(u.removed.length),
          String(u.edited.length),
          String(t.taught.get(u.target) ?? 0),
        ]),
      ),
    );
    if (t.gates?.length)
      out.push(
        '',
        ...s.table(
          ['Language', 'Files', 'Status', 'Figures', 'To ship'],
          t.gates.map((g) => [
            g.lang,
            g.group === '' ? 'all' : s.code(g.group),
            g.ship ? (g.was ? 'shipped' : 'ships now') : 'held back',
            describeFigures(g.gate, g.figures, g.was),
            g.missing.join(', ') || '—',
          ]),
        ),
      );
  }
  if (uploaded.length > 0) {
    const ids = new Map<string, string[]>();
    for (const t of result.translations) {
      const list = ids.get(t.file.file.path) ?? [];
      list.push(`${t.target}: ${t.status.id}`);
      ids.set(t.file.file.path, list);
    }
    const rows = uploaded.slice(0, LISTED).map((f) => {
      const what = result.job ? String(result.job.id) : (ids.get(f.path)?.join(', ') ?? '—');
      return [s.code(f.path), String(f.words), o.targets.join(', '), what];
    });
    if (uploaded.length > LISTED) rows.push([`… and ${uploaded.length - LISTED} more`, '', '', '']);
    out.push(
      '',
      ...s.table(['File', 'Words', 'Languages', result.mode === 'job' ? 'Job' : 'Translations'], rows),
    );
  }
  const leftOut = result.sources.flatMap((f) =>
    f.leftOut.map((l) => `${s.code(`${f.path}:${l.line}`)}: ${describeLeftOut(l)}`),
  );
  if (leftOut.length > 0) {
    const listed = leftOut.slice(0, LISTED);
    if (leftOut.length > LISTED) listed.push(`… and ${leftOut.length - LISTED} more`);
    // DESIGN §10: a unit left out on purpose is never sent and never written, but never in silence.
    out.push('', ...s.list('Left out on purpose (never sent, never written to a target)', listed));
  }
  const wordless = (result.targets?.works ?? []).flatMap((w) => {
    const note = describeWordless(w);
    return note ? [`${s.code(w.path)} (${w.lang}): ${note}`] : [];
  });
  if (wordless.length > 0)
    out.push('', ...s.list('No words to translate (never sent)', wordless.slice(0, LISTED)));
  const changes = (result.targets?.works ?? []).flatMap((w) =>
    describeSourceChanges(w).map((line) => `${s.code(w.path)} (${w.lang}): ${line}`),
  );
  if (changes.length > 0)
    out.push('', ...s.list('Source changes that kept translations', changes.slice(0, LISTED)));
  if (result.problems.length > 0)
    out.push(
      '',
      ...s.list(
        'Files that could not be parsed',
        result.problems.map(
          (p) => `${s.code(p.path)}${p.line ? `:${p.line}:${p.column ?? 1}` : ''}: ${p.message}`,
        ),
      ),
    );
  if (result.failures.length > 0)
    out.push(
      '',
      ...s.list(
        'Translations that failed',
        result.failures.map((f) => `${s.code(f.sourcePath)} → ${f.target}: ${f.message}`),
      ),
    );
  return `${out.join('\n')}\n`;
}
