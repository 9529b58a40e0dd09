/**
 * The invariants of issue 34 (build item 3) over one repository of the corpus: read at the
 * manifest's commit, its source and two target languages (see README.md, Development).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import type { Client } from '../../src/api/index.ts';
import { type SyncSettings, settingsFrom } from '../../src/config/settings.ts';
import { runQa } from '../../src/qa/index.ts';
import { runSync } from '../../src/sync/run.ts';
import { checkout } from './checkout.ts';
import { emptyCounts, type RepoFigures, tally } from './figures.ts';
import { checkFirstSync } from './first-sync.ts';
import { readUnits } from './read-units.ts';

/** A manifest entry (scripts/corpus/repos.json). */
export interface CorpusRepo {
  repo: string;
  commit: string;
  formats: string[];
  quirks: string;
  /** A `.svc.yml`, as an object (source, targets, files, languages_mapping). */
  config: Record<string, unknown>;
}

/** What one sync delivered: the files it handed to the sink, with whether their bytes changed. */
async function sync(
  client: Client,
  root: string,
  settings: SyncSettings,
  o: { repo: string; commit: string },
) {
  const [owner, name] = o.repo.split('/') as [string, string];
  const changed: string[] = [];
  const result = await runSync({
    client,
    workspace: root,
    settings,
    origin: { owner, repo: name, ref: 'main', sha: o.commit },
    waitTimeoutMs: 60 * 60_000,
    // `svc-connector sync --write`'s sink (src/cli/sync-command.ts), noting which files changed.
    sink: async (files) => {
      for (const f of files) {
        const content = typeof f.content === 'string' ? new TextEncoder().encode(f.content) : f.content;
        const before = await readFile(join(root, f.path)).catch(() => undefined);
        if (!before || Buffer.compare(before, content) !== 0) changed.push(f.path);
        await writeFile(join(root, f.path), content);
      }
      return undefined;
    },
  });
  return { result, changed };
}

/**
 * Runs every invariant over one repository whose snapshot is the bare git directory `gitDir`;
 * `keep` leaves the synced checkout for reading (its path goes to stderr).
 */
export async function runRepository(
  c: CorpusRepo,
  gitDir: string,
  client: Client,
  { keep = false } = {},
): Promise<RepoFigures> {
  const started = Date.now();
  const f: RepoFigures = {
    repo: c.repo,
    formats: c.formats,
    files: 0,
    sourceUnits: 0,
    targetUnits: 0,
    invariants: emptyCounts(),
    stale: 0,
    wordless: 0,
    qa: {},
    qaErrors: [],
    failures: [],
    seconds: 0,
  };
  const root = await mkdtemp(join(tmpdir(), `corpus-${c.repo.replace('/', '+')}-`));
  try {
    const yamlText = stringify({ ...c.config, mode: 'instant' });
    await writeFile(join(root, '.svc.yml'), yamlText);
    const settings = settingsFrom(yamlText, '.svc.yml', { base: 'main', mode: 'instant' });
    const files = await checkout(gitDir, c.commit, settings, root);
    if (files.length === 0)
      f.failures.push({
        repo: c.repo,
        invariant: 'sync',
        file: '',
        key: '',
        what: 'no source file matches the config',
      });

    // qa on the untouched real files, before any sync writes.
    const report = await runQa({ root, config: settings });
    for (const x of report.findings)
      f.qa[`${x.rule}/${x.severity}`] = (f.qa[`${x.rule}/${x.severity}`] ?? 0) + 1;
    // Errors to read by hand (issue 34: an error that is no problem in the file is a bug in qa).
    f.qaErrors = report.findings.filter((x) => x.severity === 'error');

    // Units read, and what each target held before the sync.
    const { before, plan } = await readUnits(f, files, root, settings.source);

    // First sync over the existing translations: people's work kept, every gap filled, the result readable.
    const first = await sync(client, root, settings, c);
    // Files the sync could not read, sources and targets alike (a target that does not parse is left as it is).
    for (const p of first.result.problems)
      f.failures.push({
        repo: c.repo,
        invariant: 'sync',
        file: p.path,
        key: '',
        what: `not read by the sync: ${p.message}`,
      });
    for (const x of first.result.failures)
      f.failures.push({
        repo: c.repo,
        invariant: 'sync',
        file: x.sourcePath,
        key: x.target,
        what: `translation failed: ${x.message}`,
      });
    await checkFirstSync(f, plan, before, first, root, settings.source);

    // Second sync on the result: no byte changes.
    const second = await sync(client, root, settings, c);
    const targetFiles = new Set(files.flatMap((s) => s.targets.map((t) => t.path)));
    for (const path of targetFiles)
      tally(f, 'second', !second.changed.includes(path), {
        file: path,
        key: '',
        what: 'the second sync changed this file',
      });
    for (const x of second.result.failures)
      f.failures.push({
        repo: c.repo,
        invariant: 'second',
        file: x.sourcePath,
        key: x.target,
        what: `second sync: translation failed: ${x.message}`,
      });
  } catch (error) {
    f.failures.push({
      repo: c.repo,
      invariant: 'sync',
      file: '',
      key: '',
      what: `run stopped: ${(error as Error).stack ?? error}`,
    });
  } finally {
    f.seconds = Math.round((Date.now() - started) / 1000);
    if (keep) process.stderr.write(`${c.repo}: kept the synced checkout in ${root}\n`);
    else await rm(root, { recursive: true, force: true });
  }
  return f;
}
