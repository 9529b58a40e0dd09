import { relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { CliExit } from './exit.ts';

/** Bad usage or configuration: explained on stderr, exit code 2 (a file that could not be written: 1). */
function usage(message: string): never {
  process.stderr.write(`svc-connector pseudo: ${message}\n`);
  throw new CliExit(2);
}

export function pseudoCommand(program: Command): void {
  program
    .command('pseudo')
    .description(
      'Write a pseudo-localized target of every source file (accented, expanded, bracketed; or right-to-left), placeholders and markup untouched',
    )
    .requiredOption(
      '--lang <tag>',
      'the pseudo-locale: en-XA (accented, +30 %), ar-XB (right-to-left), xx-XA, xx-XB',
    )
    .option(
      '--expand <percent>',
      "lengthen each text by this percentage (default: the locale's, 30 for en-XA)",
    )
    .option(
      '--mark-keys',
      "put each string's key into it as invisible characters, for screenshots read back by key",
    )
    .option('--config <file>', 'configuration file, relative to --root', '.svc.yml')
    .option('--root <dir>', 'repository checkout', '.')
    .addHelpText(
      'after',
      `
Each target goes where the config's translation path puts the pseudo-locale (%lang%, %android_code%
…: values-en-rXA/strings.xml). Sources and real translations are never written.

Examples:
  svc-connector pseudo --lang en-XA
  svc-connector pseudo --lang ar-XB --expand 0
  svc-connector pseudo --lang en-XA --mark-keys`,
    )
    .exitOverride((error) => {
      throw new CliExit(error.exitCode === 0 ? 0 : 2);
    })
    .action(
      async (opts: { lang: string; expand?: string; markKeys?: boolean; config: string; root: string }) => {
        let expand: number | undefined;
        if (opts.expand !== undefined) {
          expand = /^\d+$/.test(opts.expand.trim()) ? Number(opts.expand) : Number.NaN;
          if (Number.isNaN(expand)) usage(`--expand must be a whole percentage, got "${opts.expand}"`);
        }
        const root = resolve(opts.root);
        const { ConfigError, UnsafePathError, readConfig } = await import('../config/index.ts');
        const { PseudoError, runPseudo } = await import('../pseudo/index.ts');
        let report: Awaited<ReturnType<typeof runPseudo>>;
        try {
          const configFile = relative(root, resolve(root, opts.config));
          const config = await readConfig(root, configFile);
          report = await runPseudo({
            root,
            config,
            configFile,
            lang: opts.lang,
            ...(expand !== undefined ? { expand } : {}),
            markKeys: opts.markKeys ?? false,
          });
        } catch (error) {
          if (
            error instanceof ConfigError ||
            error instanceof UnsafePathError ||
            error instanceof PseudoError
          )
            usage(error.message);
          throw error;
        }
        const { profile, written, skipped } = report;
        for (const w of written)
          process.stdout.write(
            `${w.path}: ${w.units} ${w.units === 1 ? 'unit' : 'units'} (${profile.lang}, from ${w.source})\n`,
          );
        for (const w of written)
          if (w.note) process.stderr.write(`svc-connector pseudo: ${w.path}: warning: ${w.note}\n`);
        for (const s of skipped)
          process.stderr.write(`svc-connector pseudo: ${s.source}: not written: ${s.reason}\n`);
        process.stdout.write(
          `${written.length} ${profile.lang} ${written.length === 1 ? 'file' : 'files'} written${opts.markKeys ? ', keys marked' : ''}\n`,
        );
        // A source that has no pseudo target (an encoding that cannot hold the text) is a failure
        // the build should see; one whose languages live in the source itself is only reported.
        if (skipped.some((s) => s.failed)) process.exitCode = 1;
      },
    );
}
