import { relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { urlFromEnv } from '../config/env.ts';
import { screenshotSummary } from '../screenshots/summary.ts';
import { git, repositoryOfRemote } from './sync-command.ts';

interface Options {
  repo?: string;
  dryRun?: boolean;
  fromPseudo?: boolean;
  config: string;
  root: string;
}

async function manifestFolder(dir: string) {
  const { readScreenshotFolder } = await import('../screenshots/local.ts');
  return readScreenshotFolder(dir);
}

/** The folder's screenshots with the keys read from their pseudo text; warnings and notes on stderr. */
async function fromPseudo(dir: string, opts: Options) {
  const root = resolve(opts.root);
  const configFile = relative(root, resolve(root, opts.config));
  const { readConfig } = await import('../config/index.ts');
  const { manifestYaml, readPseudoScreenshotFolder, sourceUnitIds } = await import(
    '../screenshots/from-pseudo.ts'
  );
  const config = await readConfig(root, configFile);
  const known = await sourceUnitIds(root, config, configFile);
  const tell = (kind: string, m: string) =>
    process.stderr.write(`svc-connector screenshots: ${kind}: ${m}\n`);
  for (const w of known.warnings) tell('warning', w);
  const read = await readPseudoScreenshotFolder(dir, { keys: known.keys });
  for (const w of read.warnings) tell('warning', w);
  for (const n of read.notes) tell('note', n);
  if (opts.dryRun)
    process.stdout.write(
      `# screenshots.yml as read from the pseudo text (${read.screenshots.length} screenshot(s))\n${manifestYaml(read.manifest)}`,
    );
  return read.screenshots;
}

export function screenshotsCommand(program: Command): void {
  const screenshots = program
    .command('screenshots')
    .description('Screenshots that show translators where strings appear');
  screenshots
    .command('upload')
    .description(
      'Upload the PNG screenshots in DIR, labelled with the keys its manifest says each shows; replace changed ones, remove those gone',
    )
    .argument('<dir>', 'folder with the PNG files and screenshots.yml (or .json)')
    .option('--repo <owner/name>', 'repository the screenshots belong to (default: the origin remote)')
    .option('--dry-run', 'check the folder and print what would change; send nothing but the listing')
    .option(
      '--from-pseudo',
      'no manifest: read the keys from the text beside each PNG (NAME.txt or NAME.json), captured from a `pseudo --mark-keys` build',
    )
    .option('--config <file>', 'with --from-pseudo: configuration file, relative to --root', '.svc.yml')
    .option('--root <dir>', 'with --from-pseudo: repository checkout whose sources give the keys', '.')
    .addHelpText(
      'after',
      `
Environment: SVC_API_URL (default http://127.0.0.1:8080) and SVC_API_KEY.

screenshots.yml maps each PNG (relative to DIR) to the keys it shows, a box in image pixels optional:
  settings/general.png:
    - settings.nav
    - key: settings.tabs.general
      box: { x: 24, y: 80, w: 120, h: 32 }

--from-pseudo: the app's UI test runs a build with \`svc-connector pseudo --lang en-XA --mark-keys\`
targets and saves, beside each NAME.png, the text on screen: NAME.txt (e.g. document.body.innerText)
gives the keys; NAME.json, [{ "text": "…", "box": { "x", "y", "w", "h" } }, …] per element in image
pixels, gives each key the box of the innermost element showing it. --dry-run prints the manifest.`,
    )
    .action(async (dirArg: string, opts: Options) => {
      const dir = resolve(dirArg);
      const { parseRepository } = await import('../github/client.ts');
      const remote = opts.repo ? undefined : git(dir, 'remote', 'get-url', 'origin');
      const repository = opts.repo
        ? parseRepository(opts.repo)
        : remote
          ? repositoryOfRemote(remote)
          : undefined;
      if (!repository) throw new Error('cannot tell the repository: pass --repo owner/name');
      // The folder is checked before anything is sent (and before the key is needed).
      const local = opts.fromPseudo ? await fromPseudo(dir, opts) : await manifestFolder(dir);
      const apiKey = process.env.SVC_API_KEY;
      if (!apiKey) throw new Error('SVC_API_KEY is not set: export the platform API key');
      const { createClient, limitsFromEnv } = await import('../api/index.ts');
      const { syncScreenshots } = await import('../screenshots/upload.ts');
      const client = createClient({
        baseUrl: urlFromEnv(process.env, 'SVC_API_URL', 'http://127.0.0.1:8080'),
        apiKey,
        ...limitsFromEnv(process.env),
      });
      try {
        const result = await syncScreenshots({
          client,
          repository,
          screenshots: local,
          dryRun: Boolean(opts.dryRun),
        });
        process.stdout.write(screenshotSummary(result, Boolean(opts.dryRun)));
      } finally {
        await client.close();
      }
    });
}
