/**
 * `npm run corpus [-- --only owner/name] [--mirror DIR] [--out FILE] [--keep]`: issue 34's invariants over
 * real repositories with human translations (scripts/corpus/repos.json). Run by hand, never in CI:
 * it reads snapshots fetched outside this repository (bare git directories under
 * `<mirror>/<owner>+<name>/repo`, default /work/.mirror), one repository at a time, against an
 * in-process platform with the offline machine translation. Prints one line per repository, then
 * a totals JSON line; every failure (file, key, what) goes to `--out` as JSON.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Agent } from 'undici';
import { createClient } from '../../src/api/index.ts';
import { startPlatform } from '../../test/support/platform.ts';
import { type RepoFigures, summaryLine, totals } from './figures.ts';
import { type CorpusRepo, runRepository } from './repository.ts';

const { values } = parseArgs({
  options: {
    only: { type: 'string', multiple: true },
    mirror: { type: 'string', default: process.env.CORPUS_MIRROR ?? '/work/.mirror' },
    out: { type: 'string', default: 'corpus-report.json' },
    keep: { type: 'boolean', default: false },
  },
});

const manifest = JSON.parse(await readFile(join(import.meta.dirname, 'repos.json'), 'utf8')) as {
  repositories: CorpusRepo[];
};
const chosen = manifest.repositories.filter((r) => !values.only || values.only.includes(r.repo));
const platform = await startPlatform();
// The platform runs in this process: reading a large file (openfoodnetwork's 240 KB en.yml, on a
// busy machine) can block the event loop for longer than the server's keep-alive timeout (Node's
// 5 s), and a POST sent on the socket the server closes meanwhile fails with ECONNRESET (a POST is
// not retried). Without keep-alive every request has a connection of its own.
const dispatcher = new Agent({ pipelining: 0 });
const client = createClient({ baseUrl: platform.url, apiKey: platform.key, dispatcher });
const figures: RepoFigures[] = [];
try {
  for (const repo of chosen) {
    const gitDir = join(values.mirror, repo.repo.replace('/', '+'), 'repo');
    if (!existsSync(gitDir)) {
      process.stdout.write(`${repo.repo}: no snapshot at ${gitDir} (fetch it first)\n`);
      continue;
    }
    const f = await runRepository(repo, gitDir, client, { keep: values.keep });
    figures.push(f);
    process.stdout.write(`${summaryLine(f)}\n`);
    await writeFile(values.out, JSON.stringify({ totals: totals(figures), repositories: figures }, null, 2));
  }
} finally {
  await client.close();
  await dispatcher.close();
  await platform.close();
}
process.stdout.write(`${JSON.stringify(totals(figures))}\n`);
