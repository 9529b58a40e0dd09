import { resolve } from 'node:path';
import type { Command } from 'commander';
import { urlFromEnv } from '../config/env.ts';
import { screenshotSummary } from '../screenshots/summary.ts';
import { git, repositoryOfRemote } from './sync-command.ts';

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
    .addHelpText(
      'after',
      `
Environment: SVC_API_URL (default http://127.0.0.1:8080) and SVC_API_KEY.

screenshots.yml maps each PNG (relative to DIR) to the keys it shows, a box in image pixels optional:
  settings/general.png:
    - settings.nav
    - key: settings.tabs.general
      box: { x: 24, y: 80, w: 120, h: 32 }`,
    )
    .action(async (dirArg: string, opts: { repo?: string; dryRun?: boolean }) => {
      const dir = resolve(dirArg);
      const { parseRepository } = await import('../github/client.ts');
      const remote = opts.repo ? undefined : git(dir, 'remote', 'get-url', 'origin');
      const repository = opts.repo
        ? parseRepository(opts.repo)
        : remote
          ? repositoryOfRemote(remote)
          : undefined;
      if (!repository) throw new Error('cannot tell the repository: pass --repo owner/name');
      const { readScreenshotFolder } = await import('../screenshots/local.ts');
      // The folder is checked before anything is sent (and before the key is needed).
      const local = await readScreenshotFolder(dir);
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
