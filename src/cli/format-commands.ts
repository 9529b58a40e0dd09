import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Command } from 'commander';
import { FormatError } from '../formats/errors.ts';

/** The formats and the language data, loaded when a command runs: every other command starts without them. */
async function load() {
  const [exchange, registry, languages, leftOut] = await Promise.all([
    import('../formats/exchange.ts'),
    import('../formats/registry.ts'),
    import('../config/languages.ts'),
    import('../formats/left-out.ts'),
  ]);
  return { ...exchange, ...registry, ...languages, ...leftOut };
}
type Loaded = Awaited<ReturnType<typeof load>>;

function read(path: string): Uint8Array {
  try {
    return new Uint8Array(readFileSync(path));
  } catch (err) {
    throw new FormatError(`cannot read: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, {
      file: path,
    });
  }
}

function formatOf(
  { detectFormat, supportedExtensions }: Pick<Loaded, 'detectFormat' | 'supportedExtensions'>,
  path: string,
  bytes: Uint8Array,
) {
  const format = detectFormat(path, bytes);
  if (!format)
    throw new FormatError(
      `unsupported file type; supported: ${supportedExtensions()
        .map((e) => `.${e}`)
        .join(' ')}`,
      { file: path },
    );
  return format;
}

function write(output: string | undefined, bytes: Uint8Array) {
  if (output) writeFileSync(output, bytes);
  else process.stdout.write(bytes);
}

/** Runs a command body; a FormatError prints `file:line:col: message` and exits 1. */
async function guarded(run: (loaded: Loaded) => void) {
  try {
    run(await load());
  } catch (err) {
    if (err instanceof FormatError) {
      process.stderr.write(`${err.format()}\n`);
      process.exitCode = 1;
      return;
    }
    throw err;
  }
}

/** `extract` and `merge`, like Okapi Tikal's -x and -m (DESIGN §4). */
export function formatCommands(program: Command): void {
  program
    .command('extract')
    .description("Write a string file's translatable units as XLIFF 1.2 (like Tikal -x)")
    .argument(
      '<file>',
      'a string file: .json .yml .po .xml .strings .stringsdict .xcstrings .properties .arb .xlf .csv .md .txt',
    )
    .option('-o, --output <out.xlf>', 'where to write the XLIFF (default: standard output)')
    .option('--source-lang <tag>', 'language of the file', 'en')
    .option(
      '--target-lang <tag>',
      'language the XLIFF is for; decides plural categories (default: the source language)',
    )
    .option('--copy-source', 'fill empty targets with the source text')
    .action(
      (
        file: string,
        opts: { output?: string; sourceLang: string; targetLang?: string; copySource?: boolean },
      ) =>
        guarded(({ normaliseLanguage, extractXliff, describeLeftOut, ...loaded }) => {
          const sourceLang = normaliseLanguage(opts.sourceLang, '--source-lang');
          const targetLang =
            opts.targetLang === undefined ? sourceLang : normaliseLanguage(opts.targetLang, '--target-lang');
          const bytes = read(file);
          const fileName = basename(file);
          const xliff = extractXliff(formatOf(loaded, file, bytes), bytes, {
            fileName,
            // Named as errors are, in the form compilers print warnings.
            onWarning: (w) =>
              process.stderr.write(`${fileName}:${w.line}:${w.column}: warning: ${w.message}\n`),
            // Units left out on purpose are not in the XLIFF: said so, per reason (DESIGN §10).
            onLeftOut: (l) =>
              process.stderr.write(`${fileName}:${l.line}:${l.column}: warning: ${describeLeftOut(l)}\n`),
            sourceLang,
            targetLang,
            copySource: opts.copySource ?? false,
          });
          write(opts.output, xliff);
        }),
    );
  program
    .command('merge')
    .description("Write FILE with the XLIFF's targets put in, every other byte unchanged (like Tikal -m)")
    .argument('<file>', 'the original string file')
    .argument('<xliff>', 'the translated XLIFF 1.2 made by extract')
    .option('-o, --output <out>', 'where to write the merged file (default: standard output)')
    .option('--target-lang <tag>', "language of the translation (default: the XLIFF's target-language)")
    .action((file: string, xliffPath: string, opts: { output?: string; targetLang?: string }) =>
      guarded((loaded) => {
        const { normaliseLanguage, mergeXliff } = loaded;
        const bytes = read(file);
        const xliff = read(xliffPath);
        const declared = /target-language\s*=\s*"([^"]+)"/.exec(
          new TextDecoder().decode(xliff.subarray(0, 4096)),
        )?.[1];
        const targetLang =
          opts.targetLang !== undefined
            ? normaliseLanguage(opts.targetLang, '--target-lang')
            : declared && normaliseLanguage(declared, `${xliffPath}: target-language`);
        if (!targetLang)
          throw new FormatError('no target language: the XLIFF declares none; give --target-lang', {
            file: xliffPath,
          });
        write(
          opts.output,
          mergeXliff(formatOf(loaded, file, bytes), bytes, xliff, {
            fileName: basename(file),
            targetLang,
            xliffName: xliffPath,
          }),
        );
      }),
    );
}
