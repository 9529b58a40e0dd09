/** One problem in a config file: where it is and what is wrong. */
export interface ConfigIssue {
  /** Key path as the user wrote it, e.g. `files[0].translation`; '' for the document itself. */
  keyPath: string;
  /** The problem, without file name or key path (`unknown language "xx-YY"`). */
  problem: string;
  /** 1-based position in the file when known. */
  line?: number | undefined;
  column?: number | undefined;
}

/** `.svc.yml: files[0].translation: must …`, or `.svc.yml:3:5: …` for YAML syntax errors. */
export function formatIssue(fileName: string, issue: ConfigIssue, withPosition = false): string {
  const where =
    withPosition && issue.line !== undefined ? `${fileName}:${issue.line}:${issue.column ?? 1}` : fileName;
  return issue.keyPath ? `${where}: ${issue.keyPath}: ${issue.problem}` : `${where}: ${issue.problem}`;
}

/**
 * A `.svc.yml` that cannot be used. The message names the file, the key path and the problem; with
 * several problems it holds one line per problem (first in file order) and `issues` lists them all,
 * so an Action can annotate each line.
 */
export class ConfigError extends Error {
  readonly fileName: string;
  readonly keyPath: string;
  readonly line: number | undefined;
  readonly column: number | undefined;
  readonly issues: readonly ConfigIssue[];

  constructor(
    fileName: string,
    issues: readonly ConfigIssue[],
    options?: { cause?: unknown; syntax?: boolean },
  ) {
    if (issues.length === 0) throw new TypeError('[config] ConfigError needs at least one issue');
    super(issues.map((issue) => formatIssue(fileName, issue, options?.syntax)).join('\n'), options);
    this.name = 'ConfigError';
    this.fileName = fileName;
    this.issues = issues;
    const first = issues[0]!;
    this.keyPath = first.keyPath;
    this.line = first.line;
    this.column = first.column;
  }
}

/**
 * A repository path the config refuses to produce or accept: outside the repository, inside `.git`
 * or `.github`, not matched by the config, or a language that is not a target. The receiver writes
 * only paths that came back without this error.
 */
export class UnsafePathError extends Error {
  readonly path: string;

  constructor(path: string, reason: string) {
    super(`${JSON.stringify(path)}: ${reason}`);
    this.name = 'UnsafePathError';
    this.path = path;
  }
}

/** `['files', 0, 'source']` → `files[0].source`. */
export function keyPathOf(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out;
}
