/** zod issues turned into `.svc.yml` problems a person can act on. */
import type { z } from 'zod';
import { type ConfigIssue, keyPathOf } from './errors.ts';
import { KNOWN_KEYS } from './schema.ts';
import { didYouMean } from './suggest.ts';

/** What the required keys are for, said when one is missing. */
const REQUIRED_HINTS: Record<string, string> = {
  source: 'the language of the source files, e.g. source: en',
  targets: 'the languages to translate into, e.g. targets: [de, fr-CA]',
  files:
    'which files to translate, e.g. files: [{source: "locales/en/*.json", translation: "locales/%lang%/%file%"}]',
  'files[].source': 'a glob of source files, e.g. "locales/en/**/*.json"',
  'files[].translation': 'where translations go, e.g. "locales/%lang%/**/%file%"',
};

const EXPECTED: Record<string, string> = {
  string: 'a string',
  array: 'a list',
  object: 'a mapping',
  record: 'a mapping',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
};

function describe(value: unknown): string {
  if (value === null) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return JSON.stringify(value);
  return `${typeof value === 'number' ? 'the number' : ''} ${String(value)}`.trim();
}

/** `files[0].source` → `files[].source`, the key under which per-entry tables are kept. */
const shapeKey = (path: readonly PropertyKey[]) => keyPathOf(path).replace(/\[\d+\]/g, '[]');

/** A problem and the YAML node to point at: the value at `at`, or the key itself with `onKey`. */
export interface PendingIssue extends ConfigIssue {
  at: PropertyKey[];
  onKey?: boolean;
}

/** One zod issue → one or more config issues (one per unknown key). */
export function toConfigIssues(issue: z.core.$ZodIssue): PendingIssue[] {
  const path = issue.path as PropertyKey[];
  const keyPath = keyPathOf(path);
  const input = (issue as { input?: unknown }).input;
  switch (issue.code) {
    case 'unrecognized_keys': {
      const known = KNOWN_KEYS[shapeKey(path)] ?? [];
      return issue.keys.map((key) => ({
        keyPath,
        problem: `unknown key "${key}"${didYouMean(key, known)}`,
        at: [...path, key],
        onKey: true,
      }));
    }
    case 'invalid_type': {
      if (input === undefined) {
        const hint = REQUIRED_HINTS[shapeKey(path)];
        return [{ keyPath, problem: `is required${hint ? ` (${hint})` : ''}`, at: path.slice(0, -1) }];
      }
      if (issue.message.startsWith('must ')) return [{ keyPath, problem: issue.message, at: path }];
      const expected = EXPECTED[issue.expected] ?? issue.expected;
      return [{ keyPath, problem: `must be ${expected}, not ${describe(input)}`, at: path }];
    }
    case 'invalid_value': {
      const options = issue.values.map((v) => JSON.stringify(v));
      const list =
        options.length > 1 ? `${options.slice(0, -1).join(', ')} or ${options.at(-1)}` : options[0];
      return [{ keyPath, problem: `must be ${list}, not ${describe(input)}`, at: path }];
    }
    default:
      return [{ keyPath, problem: issue.message, at: path }];
  }
}
