/** Reading `.svc.yml`: YAML syntax, then the schema, with every problem located in the file. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Document, isMap, isSeq, LineCounter, type Node, parseDocument } from 'yaml';
import { ConfigError, type ConfigIssue } from './errors.ts';
import { type PendingIssue, toConfigIssues } from './issues.ts';
import { type SvcConfig, SvcConfigSchema } from './schema.ts';

export interface LoadOptions {
  /** Name used in messages (default `.svc.yml`). */
  fileName?: string;
}

/** The YAML node an issue is about (or the nearest existing ancestor, for a missing key). */
function nodeAt(doc: Document, at: readonly PropertyKey[], onKey: boolean): Node | undefined {
  let node = doc.contents as Node | null;
  for (let i = 0; i < at.length && node; i++) {
    const part = at[i]!;
    const last = i === at.length - 1;
    if (isMap(node)) {
      const pair = node.items.find(
        (p) => String((p.key as { value?: unknown } | null)?.value ?? p.key) === String(part),
      );
      if (!pair) break;
      if (last && onKey) return pair.key as Node;
      node = (pair.value as Node | null) ?? (pair.key as Node);
    } else if (isSeq(node) && typeof part === 'number') {
      const item = node.items[part] as Node | undefined;
      if (!item) break;
      node = item;
    } else break;
  }
  return node ?? undefined;
}

/** A problem placed at the line and column of the YAML node it is about. */
export function locate(doc: Document, lines: LineCounter, pending: PendingIssue): ConfigIssue {
  const node = nodeAt(doc, pending.at, pending.onKey ?? false);
  const offset = node?.range?.[0] ?? 0;
  const { line, col } = lines.linePos(offset);
  return { keyPath: pending.keyPath, problem: pending.problem, line, column: col };
}

/**
 * Parses and validates the text of a `.svc.yml`. Throws ConfigError naming the file, the key path
 * and the problem (with line and column for YAML syntax errors); returns the config with defaults.
 */
export function loadConfig(text: string, { fileName = '.svc.yml' }: LoadOptions = {}): SvcConfig {
  const lines = new LineCounter();
  // YAML 1.2 core schema: `no`, `on` and `2026-12-01` stay strings; duplicate keys are errors.
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
  if (doc.contents === null) {
    throw new ConfigError(fileName, [
      { keyPath: '', problem: 'is empty: it needs source, targets and files' },
    ]);
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    throw new ConfigError(fileName, [{ keyPath: '', problem, line: 1, column: 1 }], { cause: error });
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    const problem = 'must be a mapping with source, targets and files at the top level';
    throw new ConfigError(fileName, [{ keyPath: '', problem, line: 1, column: 1 }]);
  }
  const result = SvcConfigSchema.safeParse(data, { reportInput: true });
  if (result.success) return result.data;
  const issues = result.error.issues
    .flatMap(toConfigIssues)
    .map((pending) => locate(doc, lines, pending))
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
  throw new ConfigError(fileName, issues, { cause: result.error });
}

/**
 * Reads `file` (default `.svc.yml`) under `dir` and loads it. A missing file is a ConfigError;
 * other read failures are thrown as they are.
 */
export async function readConfig(dir: string, file = '.svc.yml'): Promise<SvcConfig> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(join(dir, file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const problem = `not found in ${dir}: add one at the repository root (source, targets, files)`;
    throw new ConfigError(file, [{ keyPath: '', problem }], { cause: error });
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    throw new ConfigError(file, [{ keyPath: '', problem: 'is not valid UTF-8' }], { cause: error });
  }
  return loadConfig(text, { fileName: file });
}
