import { readFile, stat } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { CliExit } from './exit.ts';

const FORMATS = ['text', 'github', 'json'];

/** Bad usage or configuration: explained on stderr, exit code 2 (findings use 1). */
function usage(message: string): never {
  process.stderr.write(`svc-connector qa: ${message}\n`);
  throw new CliExit(2);
}

export function qaCommand(program: Command): void {
  program
    .command('qa')
    .description(
      'Check the translations in the working tree against their sources: placeholders, ICU syntax, plural categories, length limits, untranslated units, terms',
    )
    .option('--config <file>', 'configuration file, relative to --root', '.svc.yml')
    .option('--format <format>', 'text, github (workflow annotations) or json', 'text')
    .option('--root <dir>', 'repository checkout', '.')
    .option('--terms <file>', 'termbase to check terms against: TBX, or CSV with a language per column')
    .addHelpText(
      'after',
      `
Exit status: 0 without errors (warnings allowed), 1 when any error is found, 2 on bad usage or config.

Examples:
  svc-connector qa
  svc-connector qa --format github --terms glossary.tbx`,
    )
    .exitOverride((error) => {
      throw new CliExit(error.exitCode === 0 ? 0 : 2);
    })
    .action(async (opts: { config: string; format: string; root: string; terms?: string }) => {
      if (!FORMATS.includes(opts.format))
        usage(`--format must be text, github or json, got "${opts.format}"`);
      const root = resolve(opts.root);
      const isDir = await stat(root).then(
        (s) => s.isDirectory(),
        () => false,
      );
      if (!isDir) usage(`--root ${opts.root}: no such directory`);
      const { ConfigError, UnsafePathError, readConfig } = await import('../config/index.ts');
      const { readTerms, render, runQa } = await import('../qa/index.ts');
      let terms: Awaited<ReturnType<typeof readTerms>> | undefined;
      if (opts.terms) {
        const text = await readFile(resolve(opts.terms), 'utf8').catch(() =>
          usage(`--terms ${opts.terms}: cannot read the file`),
        );
        try {
          terms = readTerms(text, opts.terms);
        } catch (error) {
          usage((error as Error).message);
        }
      }
      let report: Awaited<ReturnType<typeof runQa>>;
      try {
        // Relative to --root as for sync; an absolute path is taken as it is.
        const configFile = relative(root, resolve(root, opts.config));
        const config = await readConfig(root, configFile);
        report = await runQa({ root, config, configFile, ...(terms ? { terms } : {}) });
      } catch (error) {
        if (error instanceof ConfigError || error instanceof UnsafePathError) usage(error.message);
        throw error;
      }
      process.stdout.write(render(report, opts.format as 'text' | 'github' | 'json'));
      if (report.findings.some((f) => f.severity === 'error')) process.exitCode = 1;
    });
}
