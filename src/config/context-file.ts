/**
 * `*.context.yml`: the `context:` list of `.svc.yml`, written beside one source file
 * (`locales/en/common.context.yml` for `locales/en/common.json`) and about its units alone.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { z } from 'zod';
import { ContextEntrySchema, type ContextRule, toContextRule } from './context.ts';
import { ConfigError } from './errors.ts';
import { toConfigIssues } from './issues.ts';
import { locate } from './load.ts';
import { checkContextEntry } from './validate.ts';

const ContextFileSchema = z.strictObject({ context: z.array(ContextEntrySchema) }).superRefine((raw, ctx) => {
  raw.context.forEach((entry, i) => {
    if (entry.files !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['context', i, 'files'],
        message: 'a context file is about the source file beside it; narrow by files: in .svc.yml instead',
      });
    checkContextEntry(entry, (path, message) =>
      ctx.addIssue({ code: 'custom', path: ['context', i, ...path], message }),
    );
  });
});

/** The context file of a source file: its name with the extension replaced by `.context.yml`. */
export function contextFileFor(sourcePath: string): string {
  const slash = sourcePath.lastIndexOf('/');
  const dot = sourcePath.lastIndexOf('.');
  return `${dot > slash + 1 ? sourcePath.slice(0, dot) : sourcePath}.context.yml`;
}

/**
 * Parses a context file's text into rules about `sourcePath`'s units. Throws ConfigError naming
 * the file, the entry, the problem, and its line and column.
 */
export function loadContextFile(text: string, fileName: string, sourcePath: string): ContextRule[] {
  const lines = new LineCounter();
  const doc = parseDocument(text.replace(/^\uFEFF/, ''), {
    lineCounter: lines,
    prettyErrors: false,
    uniqueKeys: true,
  });
  if (doc.errors.length > 0) {
    const issues = doc.errors.map((error) => {
      const { line, col } = lines.linePos(error.pos[0]);
      return { keyPath: '', problem: error.message, line, column: col };
    });
    throw new ConfigError(fileName, issues, { syntax: true });
  }
  const data = doc.toJS({ maxAliasCount: 100 }) as unknown;
  if (data === null || data === undefined) return [];
  const result = ContextFileSchema.safeParse(data, { reportInput: true });
  if (result.success) return result.data.context.map((entry) => toContextRule(entry, fileName, sourcePath));
  const issues = result.error.issues
    .flatMap(toConfigIssues)
    .map((pending) => locate(doc, lines, pending))
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
  throw new ConfigError(fileName, issues, { cause: result.error, syntax: true });
}

/** Reads the context file beside `sourcePath` under `root`; none there is no rule. */
export async function readContextFile(root: string, sourcePath: string): Promise<ContextRule[]> {
  const fileName = contextFileFor(sourcePath);
  let text: string;
  try {
    text = await readFile(join(root, fileName), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return loadContextFile(text, fileName, sourcePath);
}
