/**
 * `node scripts/check-action.ts`: action.yml as GitHub reads it. `.ci/run` runs it after lint and
 * test/action/metadata.test.ts runs the same checks, so an action.yml that does not parse or an
 * input the code reads without declaring it fails both.
 *
 * - action.yml and README's workflow example pass @action-validator/cli (GitHub's published
 *   schemas for action metadata and workflows);
 * - every input src/action reads and every output it sets is declared in action.yml, and every
 *   declared one is read or set.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';

const root = join(import.meta.dirname, '..');
const VALIDATOR = join(root, 'node_modules', '@action-validator', 'cli', 'cli.mjs');

/**
 * Runs @action-validator/cli on `text`; the CLI picks the schema from the file name (`action.yml`
 * is action metadata, anything else a workflow). Returns its complaint, or undefined when valid.
 */
export function validate(text: string, kind: 'action' | 'workflow'): string | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'svc-check-action-'));
  const file = join(dir, kind === 'action' ? 'action.yml' : 'workflow.yml');
  // The validator's schema (0.6.0, its latest release) predates `using: node24`, which GitHub's
  // runner runs since v2.327.1 (2025); node20 stands in for it so the rest of the schema still
  // checks. Same line count, so parse errors keep their line numbers.
  writeFileSync(file, kind === 'action' ? text.replace(/^(\s+using:\s*)node24\s*$/m, '$1node20') : text);
  try {
    execFileSync(process.execPath, [VALIDATOR, file], { stdio: 'pipe', encoding: 'utf8' });
    return undefined;
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    return (stderr || stdout || String(error)).trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The ```yaml blocks of a Markdown text whose first line names a workflow file. */
export function workflowExamples(markdown: string): { name: string; text: string }[] {
  const blocks = [...markdown.matchAll(/^```ya?ml\n([\s\S]*?)^```/gm)].map((m) => m[1] ?? '');
  return blocks.flatMap((text) => {
    const name = /^#\s*(\.github\/workflows\/\S+)/.exec(text)?.[1];
    return name ? [{ name, text }] : [];
  });
}

/**
 * The input names the Action's source reads: string literals passed to `core.getInput` (and its
 * boolean and multiline forms), or to a function of src/action that hands its first parameter on
 * to one of those (inputs.ts reads through `optional('mode')`, `bool('wait', …)` and the like).
 */
export function inputsRead(sources: string[]): Set<string> {
  const text = sources.join('\n');
  const readers = new Set(['core.getInput', 'core.getBooleanInput', 'core.getMultilineInput']);
  // `function name(param…` and `const name = (param…) =>`; a body runs to the next declaration.
  const starts = [...text.matchAll(/^(?:export )?(?:function (\w+)\((\w+)|const (\w+) = \((\w+))/gm)];
  const definitions = starts.map((m, i) => ({
    name: m[1] ?? m[3] ?? '',
    param: m[2] ?? m[4] ?? '',
    body: text.slice(m.index, starts[i + 1]?.index ?? text.length),
  }));
  const calls = (body: string, reader: string, arg: string) =>
    new RegExp(`(?<![\\w.])${reader.replace('.', '\\.')}\\(\\s*${arg}`).test(body);
  for (let grew = true; grew; ) {
    grew = false;
    for (const { name, param, body } of definitions) {
      if (readers.has(name) || ![...readers].some((r) => calls(body, r, `${param}\\b`))) continue;
      readers.add(name);
      grew = true;
    }
  }
  const names = new Set<string>();
  for (const reader of readers) {
    const call = new RegExp(`(?<![\\w.])${reader.replace('.', '\\.')}\\(\\s*['"\`]([^'"\`]+)['"\`]`, 'g');
    for (const m of text.matchAll(call)) names.add(m[1] as string);
  }
  return names;
}

/** The output names the Action's source sets with `core.setOutput('name', …)`. */
export function outputsSet(sources: string[]): Set<string> {
  const names = new Set<string>();
  for (const m of sources.join('\n').matchAll(/\bcore\.setOutput\(\s*['"`]([^'"`]+)['"`]/g))
    names.add(m[1] as string);
  return names;
}

/** Every problem with action.yml, README's workflow example and the Action's inputs and outputs. */
export function checkAction(
  files: { actionYml: string; readme: string; sources: string[] } = readProject(),
): string[] {
  const problems: string[] = [];
  const invalid = validate(files.actionYml, 'action');
  if (invalid) problems.push(`action.yml is not valid action metadata:\n${invalid}`);
  const examples = workflowExamples(files.readme);
  if (examples.length === 0)
    problems.push('README.md has no ```yaml block starting with "# .github/workflows/…"');
  for (const example of examples) {
    const bad = validate(example.text, 'workflow');
    if (bad) problems.push(`README.md's ${example.name} is not a valid workflow:\n${bad}`);
  }
  if (invalid) return problems;
  const meta = parse(files.actionYml) as { inputs?: object; outputs?: object };
  const compare = (kind: string, used: Set<string>, declared: Set<string>, verb: string) => {
    for (const name of [...used].sort())
      if (!declared.has(name))
        problems.push(`src/action ${verb} ${kind} "${name}", which action.yml does not declare`);
    for (const name of [...declared].sort())
      if (!used.has(name))
        problems.push(`action.yml declares ${kind} "${name}", which src/action never ${verb}`);
  };
  compare('input', inputsRead(files.sources), new Set(Object.keys(meta.inputs ?? {})), 'reads');
  compare('output', outputsSet(files.sources), new Set(Object.keys(meta.outputs ?? {})), 'sets');
  return problems;
}

/** action.yml, README.md and every .ts file under src/action, as they are on disk. */
export function readProject(dir = root): { actionYml: string; readme: string; sources: string[] } {
  const actionDir = join(dir, 'src', 'action');
  return {
    actionYml: readFileSync(join(dir, 'action.yml'), 'utf8'),
    readme: readFileSync(join(dir, 'README.md'), 'utf8'),
    sources: readdirSync(actionDir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .sort()
      .map((f) => readFileSync(join(actionDir, f), 'utf8')),
  };
}

if (import.meta.main) {
  const problems = checkAction();
  for (const p of problems) console.error(p);
  if (problems.length > 0) process.exit(1);
  console.log("action.yml, its inputs and outputs, and README.md's workflow example are valid");
}
