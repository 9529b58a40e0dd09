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
import type { FormatModule } from '../../src/formats/model.ts';
import { detectFormat, formatByName } from '../../src/formats/registry.ts';
import { sameText, type UnitText } from '../../src/formats/target.ts';
import { runQa } from '../../src/qa/index.ts';
import { runSync } from '../../src/sync/run.ts';
import { checkout, type SourceWithTargets } from './checkout.ts';
import { emptyCounts, type RepoFigures, tally } from './figures.ts';
import { toolFor } from './tools.ts';
import { hasText, oracleDifference, sourceUnitsOf, toolCounts, translationsOf } from './units.ts';

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

const formatOf = (s: SourceWithTargets, bytes: Uint8Array): FormatModule | undefined =>
  s.format ? formatByName(s.format) : detectFormat(s.source, bytes);

const read = (root: string, path: string) => readFile(join(root, path)).then((b) => new Uint8Array(b));

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
    const before = new Map<string, { lang: string; held: Map<string, UnitText>; bytes: Uint8Array }>();
    const plan: { s: SourceWithTargets; format: FormatModule; ids: string[] }[] = [];
    for (const s of files) {
      const bytes = await read(root, s.source);
      const format = formatOf(s, bytes);
      if (!format) {
        tally(f, 'units', false, { file: s.source, key: '', what: 'no format reads this file' });
        continue;
      }
      let units: ReturnType<typeof sourceUnitsOf>;
      try {
        units = sourceUnitsOf(format, bytes, s.source, settings.source);
        tally(f, 'units', true);
      } catch (error) {
        tally(f, 'units', false, {
          file: s.source,
          key: '',
          what: `source does not parse: ${(error as Error).message}`,
        });
        continue;
      }
      f.files++;
      f.sourceUnits += units.length;
      if (!f.formats.includes(format.name)) f.formats.push(format.name);
      const oracle = oracleDifference(format, bytes, units);
      if (oracle) {
        for (const id of oracle.missing)
          tally(f, 'oracle', false, {
            file: s.source,
            key: id,
            what: `${oracle.oracle} reads it; we do not`,
          });
        for (const id of oracle.extra)
          tally(f, 'oracle', false, {
            file: s.source,
            key: id,
            what: `we read it; ${oracle.oracle} does not`,
          });
        if (oracle.missing.length + oracle.extra.length === 0) tally(f, 'oracle', true);
      }
      const counted = toolCounts(format, join(root, s.source));
      if (counted)
        tally(f, 'oracle', counted.messages === units.length, {
          file: s.source,
          key: '',
          what: `${counted.oracle} sees ${counted.messages} messages, we read ${units.length} units`,
        });
      const withText = units.filter(hasText);
      plan.push({ s, format, ids: withText.map((u) => u.id) });
      for (const t of s.targets) {
        if (!t.existed) continue;
        const tb = await read(root, t.path);
        try {
          const held = translationsOf(format, tb, t.path, t.lang, units);
          if (t.path !== s.source) f.files++;
          f.targetUnits += held.size;
          tally(f, 'units', true);
          before.set(`${t.path}\0${t.lang}`, { lang: t.lang, held, bytes: tb });
          const known = new Set(units.map((u) => u.id));
          f.stale += [...held.keys()].filter((id) => !known.has(id)).length;
          const tc = toolCounts(format, join(root, t.path));
          if (tc)
            tally(f, 'oracle', tc.translated + tc.fuzzy === held.size, {
              file: t.path,
              key: '',
              what: `${tc.oracle} sees ${tc.translated} translated and ${tc.fuzzy} fuzzy messages, we read ${held.size} translations`,
            });
          if (format.name === 'arb') {
            const d = oracleDifference(
              format,
              tb,
              format.parse(tb, { fileName: t.path }).filter((u) => u.translatable),
            );
            if (d)
              tally(f, 'oracle', d.missing.length + d.extra.length === 0, {
                file: t.path,
                key: [...d.missing, ...d.extra].slice(0, 5).join(', '),
                what: `unit set differs from ${d.oracle}: ${d.missing.length} missing, ${d.extra.length} extra`,
              });
          }
        } catch (error) {
          tally(f, 'units', false, {
            file: t.path,
            key: '',
            what: `target does not parse: ${(error as Error).message}`,
          });
        }
      }
    }

    // First sync over the existing translations: people's work kept, every gap filled, the result readable.
    const first = await sync(client, root, settings, c);
    for (const p of first.result.problems)
      f.failures.push({
        repo: c.repo,
        invariant: 'sync',
        file: p.path,
        key: '',
        what: `source problem: ${p.message}`,
      });
    for (const p of first.result.targets?.problems ?? [])
      f.failures.push({
        repo: c.repo,
        invariant: 'sync',
        file: p.path,
        key: '',
        what: `target problem: ${p.message}`,
      });
    for (const x of first.result.failures)
      f.failures.push({
        repo: c.repo,
        invariant: 'sync',
        file: x.sourcePath,
        key: x.target,
        what: `translation failed: ${x.message}`,
      });
    for (const { s, format, ids } of plan) {
      const units = sourceUnitsOf(format, await read(root, s.source), s.source, settings.source);
      const known = new Set(units.map((u) => u.id));
      for (const t of s.targets) {
        const old = before.get(`${t.path}\0${t.lang}`);
        const bytes = await read(root, t.path).catch(() => undefined);
        let after: Map<string, UnitText> | undefined;
        if (bytes) {
          try {
            after = translationsOf(format, bytes, t.path, t.lang, units);
          } catch (error) {
            if (first.changed.includes(t.path))
              tally(f, 'reparse', false, {
                file: t.path,
                key: '',
                what: `written file does not parse: ${(error as Error).message}`,
              });
          }
        }
        if (bytes && after && first.changed.includes(t.path)) {
          tally(f, 'reparse', true);
          const tool = toolFor(format.name);
          if (tool) {
            const wrote = tool.judge(join(root, t.path), bytes);
            let original: string | undefined = 'did not exist';
            if (old) {
              const o = join(root, `${t.path}.corpus-original`);
              await writeFile(o, old.bytes);
              original = tool.judge(o, old.bytes);
              await rm(o);
            }
            // A file the tool already rejected before we wrote is not ours to judge.
            if (original === undefined || !old)
              tally(f, 'tool', wrote === undefined, {
                file: t.path,
                key: '',
                what: `${tool.tool} rejects what we wrote: ${wrote}`,
              });
          }
        }
        for (const [id, text] of old?.held ?? []) {
          if (!known.has(id)) continue;
          const now = after?.get(id);
          tally(f, 'kept', sameText(text, now), {
            file: t.path,
            key: id,
            what:
              now === undefined
                ? `deleted (was ${JSON.stringify(text).slice(0, 120)})`
                : `changed: ${JSON.stringify(text).slice(0, 120)} → ${JSON.stringify(now).slice(0, 120)}`,
          });
        }
        const wordless = first.result.targets?.works.find((w) => w.path === t.path && w.lang === t.lang)?.plan
          .wordless;
        let unread = 0;
        for (const id of ids) {
          if (after?.has(id)) tally(f, 'reached', true);
          // No words to translate: left to the format's fallback to the source, and reported by the sync.
          else if (wordless?.has(id)) f.wordless++;
          else if (!after) {
            tally(f, 'reached', false);
            unread++;
          } else
            tally(f, 'reached', false, {
              file: t.path,
              key: id,
              what: 'source unit never reached this target',
            });
        }
        if (unread > 0)
          f.failures.push({
            repo: c.repo,
            invariant: 'reached',
            file: t.path,
            key: '',
            what: `${unread} source units never reached this target: it does not parse, so the sync leaves it as it is`,
          });
      }
    }

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
