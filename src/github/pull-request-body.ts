import type { GateReport } from '../ship/figures.ts';
import type { PlaceholderWarning } from '../translations/placeholder-qa.ts';
import { type QaFinding, qaSummary } from './check-run.ts';
import { gatesSection } from './gates-section.ts';
import { cell } from './markdown-cell.ts';

/** One translated file written by an update. */
export interface TranslatedFile {
  target: string;
  path: string;
  sourcePath: string;
  words: number;
}

/** What an update did to one language's units (DESIGN §7: kept, translated, removed, people's edits). */
export interface LanguageUnits {
  target: string;
  translated: number;
  kept: number;
  /** Keys the source no longer has, taken out of the target. */
  removed: readonly { path: string; id: string }[];
  /** Translations a person changed in the repository: kept, and taught to the memory. */
  edited: readonly { path: string; id: string }[];
  /**
   * Keys renamed or moved in the source whose translation moved with them (`fromPath`/`from` to
   * `path`/`to`): kept, nothing sent (issue 36).
   */
  renamed?: readonly { fromPath: string; from: string; path: string; to: string }[] | undefined;
  /**
   * Units whose source text changed only in spacing, case, end punctuation or quotes: their
   * translation kept, nothing sent; `check`: for a person to check (`on_source_change.small: review`).
   */
  smallEdits?: readonly (SourceKey & { check: boolean })[] | undefined;
  /** Units whose source text came back (a revert, a key added again): their earlier translation restored. */
  restored?: readonly SourceKey[] | undefined;
  /**
   * Keys the source removed that stay in the target (`removed_keys: report`, or `keep-until-merged`
   * until the change is on the default branch: `untilMerged`).
   */
  held?: readonly { path: string; id: string; untilMerged: boolean }[] | undefined;
  /** This language's words by TM leverage, when the platform reported it (a job's project). */
  leverage?: Leverage | undefined;
}

/** A unit of a target (`path`), and the source file it is in when the writer knows it. */
export interface SourceKey {
  path: string;
  id: string;
  source?: string | undefined;
}

export interface Leverage {
  exactWords: number;
  fuzzyWords: number;
  newWords: number;
}

/** What one update of the l10n pull request brought: the body lists it, then earlier updates. */
export interface PullRequestUpdate {
  /** `job 12`, `instant translation` … */
  via: string;
  sourceLang: string;
  files: readonly TranslatedFile[];
  /** Words by TM leverage, when the platform reported it (jobs). */
  leverage?: Leverage | undefined;
  failures: readonly { sourcePath: string; target: string; message: string }[];
  warnings: readonly PlaceholderWarning[];
  /** Unit counts per language, when the writer read the existing targets. */
  units?: readonly LanguageUnits[] | undefined;
  /** The localization QA findings on the files written (the check run carries them as annotations). */
  findings?: readonly QaFinding[] | undefined;
  /** The job in the platform's workbench (job mode), where reviewers work on it. */
  jobUrl?: string | undefined;
  /** Each language's gate (issue 37), when the config has a `ship:` policy. */
  gates?: readonly GateReport[] | undefined;
  /** The app's locale lists this update edited, with the languages each gained and lost. */
  localeLists?: readonly { path: string; added: readonly string[]; removed: readonly string[] }[] | undefined;
  at: Date;
}

const MARK = '<!-- svc-connector:updates ';
const LISTED = 50;
const HISTORY = 20;

/**
 * An inline code span outside tables: a run of backticks longer than any inside it fences it
 * (CommonMark §6.1); line breaks become spaces.
 */
function code(s: string): string {
  const text = s.replace(/[\r\n]+/g, ' ').replace(/\u0004/g, '␄');
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** Markdown table cells must not break the table. */

/**
 * The pull request's body: the latest update in detail (languages, files, words, TM leverage,
 * failures, placeholder QA warnings), then one line per earlier update, carried over from
 * `previous` (the body GitHub holds) through a hidden comment — the receiver keeps no state.
 * Long lists are cut so the body stays well under GitHub's 65,536 characters.
 */
export function pullRequestBody(update: PullRequestUpdate, previous?: string, intro?: string): string {
  const byLang = new Map<string, { files: number; words: number }>();
  for (const f of update.files) {
    const s = byLang.get(f.target) ?? { files: 0, words: 0 };
    s.files += 1;
    s.words += f.words;
    byLang.set(f.target, s);
  }
  const words = update.files.reduce((n, f) => n + f.words, 0);
  const line = `${update.at.toISOString().slice(0, 16).replace('T', ' ')} UTC — ${update.via}: ${update.files.length} files, ${words} words${update.failures.length ? `, ${update.failures.length} failed` : ''}`;
  const history = [line, ...previousUpdates(previous)].slice(0, HISTORY);

  const out: string[] = [];
  if (intro) out.push(intro, '');
  const via = update.jobUrl ? `[${update.via}](${update.jobUrl})` : update.via;
  out.push(`Translations from **${via}** (source: \`${update.sourceLang}\`).`, '');
  if (update.jobUrl) out.push(`Review and edit them in the [workbench](${update.jobUrl}).`, '');
  out.push('| Language | Files | Words |', '|---|---:|---:|');
  for (const [lang, s] of [...byLang].sort(([a], [b]) => a.localeCompare(b)))
    out.push(`| ${cell(lang)} | ${s.files} | ${s.words} |`);
  if (update.gates?.length) out.push('', ...gatesSection(update.gates));
  if (update.localeLists?.length) {
    out.push('', '### Locale lists', '');
    for (const l of update.localeLists) {
      const parts = [
        ...(l.added.length ? [`gains ${l.added.map(code).join(', ')}`] : []),
        ...(l.removed.length ? [`loses ${l.removed.map(code).join(', ')}`] : []),
      ];
      out.push(`- ${code(l.path)} ${parts.join('; ')}`);
    }
  }
  if (update.units?.length) out.push('', ...unitsSection(update.units));
  if (update.leverage) out.push('', `**TM leverage**: ${leverageText(update.leverage)}.`);
  if (update.findings) out.push('', '### Localization QA', '', ...qaSection(update.findings));
  out.push(
    '',
    '<details><summary>Files</summary>',
    '',
    '| File | Language | Source | Words |',
    '|---|---|---|---:|',
  );
  for (const f of update.files.slice(0, LISTED))
    out.push(`| \`${cell(f.path)}\` | ${cell(f.target)} | \`${cell(f.sourcePath)}\` | ${f.words} |`);
  if (update.files.length > LISTED) out.push(`| … and ${update.files.length - LISTED} more | | | |`);
  out.push('', '</details>');
  if (update.failures.length) {
    out.push('', `### ⚠️ ${update.failures.length} translation(s) failed`, '');
    for (const f of update.failures.slice(0, LISTED))
      out.push(`- \`${f.sourcePath}\` → ${f.target}: ${f.message}`);
    if (update.failures.length > LISTED) out.push(`- … and ${update.failures.length - LISTED} more`);
  }
  if (update.warnings.length) {
    out.push('', `### Placeholder check: ${update.warnings.length} warning(s)`, '');
    for (const w of update.warnings.slice(0, LISTED))
      out.push(`- \`${w.path}\` \`${cell(w.id)}\`: ${w.message}`);
    if (update.warnings.length > LISTED) out.push(`- … and ${update.warnings.length - LISTED} more`);
  }
  out.push('', '#### Updates', '', ...history.map((h) => `- ${h}`), '');
  out.push(`${MARK}${Buffer.from(JSON.stringify(history)).toString('base64')} -->`);
  return out.join('\n');
}

function leverageText({ exactWords, fuzzyWords, newWords }: Leverage): string {
  const total = exactWords + fuzzyWords + newWords;
  const pct = (n: number) => (total ? `${Math.round((100 * n) / total)}%` : '0%');
  return `${exactWords} exact (${pct(exactWords)}), ${fuzzyWords} fuzzy (${pct(fuzzyWords)}), ${newWords} new (${pct(newWords)}) words`;
}

/** The QA counts per language and rule, then the findings themselves (file:line, rule, message). */
function qaSection(findings: readonly QaFinding[]): string[] {
  const out = [qaSummary(findings)];
  if (findings.length === 0) return out;
  out.push('');
  for (const f of findings.slice(0, LISTED))
    out.push(
      `- ${code(`${f.path}:${f.line}`)} ${f.severity} ${code(f.rule)}: ${f.message.replace(/[\r\n]+/g, ' ')}`,
    );
  if (findings.length > LISTED)
    out.push(`- … and ${findings.length - LISTED} more (see the check's annotations)`);
  return out;
}

/** Units per language, then the keys removed and the translations people edited, each language apart. */
function unitsSection(units: readonly LanguageUnits[]): string[] {
  const sorted = [...units].sort((a, b) => a.target.localeCompare(b.target));
  const withLeverage = sorted.some((l) => l.leverage);
  const out = [
    `| Language | Translated | Kept | Removed | Edited by people |${withLeverage ? ' TM leverage |' : ''}`,
    `|---|---:|---:|---:|---:|${withLeverage ? '---|' : ''}`,
    ...sorted.map(
      (l) =>
        `| ${cell(l.target)} | ${l.translated} | ${l.kept} | ${l.removed.length} | ${l.edited.length} |${withLeverage ? ` ${l.leverage ? leverageText(l.leverage) : ''} |` : ''}`,
    ),
  ];
  const keys = (title: string, list: readonly { path: string; id: string }[]) => {
    if (list.length === 0) return;
    out.push('', title, '');
    for (const k of list.slice(0, LISTED)) out.push(`- ${code(k.path)} ${code(k.id)}`);
    if (list.length > LISTED) out.push(`- … and ${list.length - LISTED} more`);
  };
  out.push(...renamesList(sorted));
  out.push(...byKeyList(sorted, (l) => l.smallEdits?.filter((e) => e.check), SMALL_CHECK));
  out.push(...byKeyList(sorted, (l) => l.smallEdits?.filter((e) => !e.check), SMALL_KEPT));
  out.push(...byKeyList(sorted, (l) => l.restored, RESTORED));
  for (const l of sorted) {
    keys(`**${cell(l.target)}: removed** (no longer in the source)`, l.removed);
    for (const untilMerged of [false, true]) {
      const held = (l.held ?? []).filter((h) => h.untilMerged === untilMerged);
      const n = held.length;
      const why = untilMerged ? 'until the change is on the default branch' : 'removed_keys: report';
      keys(
        `**${cell(l.target)}: removed from the source, kept in the target** (${n} translation${n === 1 ? '' : 's'}; ${why})`,
        held,
      );
    }
    keys(`**${cell(l.target)}: edited in the repository** (kept, and taught to the memory)`, l.edited);
  }
  return out;
}

const SMALL_CHECK =
  '**Kept after a small source edit — check** (only spacing, case, punctuation at the ends or quotes changed; the translations are kept, nothing sent)';
const SMALL_KEPT =
  '**Kept after a small source edit** (only spacing, case, punctuation at the ends or quotes changed; nothing sent)';
const RESTORED =
  '**Restored from an earlier version** (the source text came back: its earlier translation is written again, nothing sent)';

/**
 * Keys of one kind listed once each by source file, with the languages it happened in:
 * "- `locales/en.json` `id` (de, fr)" (the target's path where the source's is not known).
 */
function byKeyList(
  units: readonly LanguageUnits[],
  of: (l: LanguageUnits) => readonly SourceKey[] | undefined,
  title: string,
): string[] {
  const byKey = new Map<string, { file: string; id: string; langs: string[] }>();
  for (const l of units)
    for (const k of of(l) ?? []) {
      const file = k.source ?? k.path;
      const entry = byKey.get(`${file}\u0000${k.id}`) ?? { file, id: k.id, langs: [] };
      entry.langs.push(l.target);
      byKey.set(`${file}\u0000${k.id}`, entry);
    }
  if (byKey.size === 0) return [];
  const entries = [...byKey.values()];
  const out = ['', title, ''];
  for (const k of entries.slice(0, LISTED))
    out.push(`- ${code(k.file)} ${code(k.id)} (${k.langs.join(', ')})`);
  if (entries.length > LISTED) out.push(`- … and ${entries.length - LISTED} more`);
  return out;
}

/**
 * The keys renamed or moved in the source, each once with the languages whose translation moved
 * with it: "renamed `a` → `b`, translations kept in 2 languages (de, fr)".
 */
function renamesList(units: readonly LanguageUnits[]): string[] {
  const byKey = new Map<string, { from: string; to: string; moved: boolean; langs: string[] }>();
  for (const l of units)
    for (const r of l.renamed ?? []) {
      const moved = r.fromPath !== r.path;
      const key = `${r.from}\u0000${r.to}\u0000${moved}`;
      const entry = byKey.get(key) ?? { from: r.from, to: r.to, moved, langs: [] };
      entry.langs.push(l.target);
      byKey.set(key, entry);
    }
  if (byKey.size === 0) return [];
  const out = ['', '**Renamed in the source** (translations moved with the key, nothing sent)', ''];
  const entries = [...byKey.values()];
  for (const r of entries.slice(0, LISTED)) {
    const n = r.langs.length;
    out.push(
      `- ${r.moved ? 'moved to another file' : 'renamed'} ${code(r.from)} → ${code(r.to)}, translations kept in ${n} language${n === 1 ? '' : 's'} (${r.langs.join(', ')})`,
    );
  }
  if (entries.length > LISTED) out.push(`- … and ${entries.length - LISTED} more`);
  return out;
}

/** The update lines an earlier body carried; none when it has no (readable) marker. */
function previousUpdates(body: string | undefined): string[] {
  const at = body?.lastIndexOf(MARK) ?? -1;
  if (!body || at < 0) return [];
  const end = body.indexOf(' -->', at);
  try {
    const lines = JSON.parse(Buffer.from(body.slice(at + MARK.length, end), 'base64').toString('utf8'));
    return Array.isArray(lines)
      ? lines.filter((l): l is string => typeof l === 'string').map((l) => l.slice(0, 300))
      : [];
  } catch {
    return [];
  }
}
