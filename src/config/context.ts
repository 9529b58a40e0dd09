/**
 * Context rules: what a format cannot say about its strings (a description, a length limit, what
 * a placeholder means, "do not translate"), written under `context:` in `.svc.yml` or in a
 * `*.context.yml` beside a source file. The repository owns these fields: each sync sends them
 * again, so they follow the code.
 */
import { z } from 'zod';
import type { PlaceholderInfo } from '../formats/model.ts';

const text = z.string().min(1, 'must not be empty');

const PlaceholderSchema = z.union([
  text,
  z.strictObject({ description: text.optional(), example: z.string().optional(), type: text.optional() }),
]);

/** One entry as written (snake_case). */
export const ContextEntrySchema = z.strictObject({
  keys: z.union([text, z.array(text).min(1, 'must list at least one key glob')]),
  files: text.optional(),
  description: text.optional(),
  max_length: z
    .int({ error: 'must be a positive whole number of characters' })
    .min(1, 'must be a positive whole number of characters')
    .optional(),
  max_width: z
    .strictObject({
      px: z
        .int({ error: 'must be a positive whole number of pixels' })
        .min(1, 'must be a positive whole number of pixels'),
      font: text,
    })
    .optional(),
  do_not_translate: z.boolean().optional(),
  placeholders: z.record(z.string(), PlaceholderSchema).optional(),
});

export type RawContextEntry = z.infer<typeof ContextEntrySchema>;

/** The fields a context rule sets on a unit (the repository's, beside the format's own). */
export interface ContextFields {
  description?: string;
  maxLength?: number;
  /** A width on screen: pixels in a font (carried to translators; not measured here). */
  maxWidth?: { px: number; font: string };
  doNotTranslate?: boolean;
  placeholders?: Record<string, PlaceholderInfo>;
}

export type ContextField = keyof ContextFields;

/** A context rule, compiled: which units it is about and where it was written. */
export interface ContextRule {
  /** The file the rule is written in (`.svc.yml`, `locales/en/common.context.yml`). */
  origin: string;
  keys: readonly string[];
  /** A source path glob (`.svc.yml` only): the rule is about those files' units alone. */
  files?: string | undefined;
  /** A `*.context.yml` rule is about its own source file alone. */
  sourcePath?: string | undefined;
  fields: ContextFields;
}

/** A rule as the config and context files write it, turned into fields. */
export function toContextRule(raw: RawContextEntry, origin: string, sourcePath?: string): ContextRule {
  const fields: ContextFields = {};
  if (raw.description !== undefined) fields.description = raw.description;
  if (raw.max_length !== undefined) fields.maxLength = raw.max_length;
  if (raw.max_width !== undefined) fields.maxWidth = { px: raw.max_width.px, font: raw.max_width.font };
  if (raw.do_not_translate !== undefined) fields.doNotTranslate = raw.do_not_translate;
  if (raw.placeholders !== undefined) {
    fields.placeholders = Object.fromEntries(
      Object.entries(raw.placeholders).map(([name, p]) => [
        name,
        typeof p === 'string' ? { description: p } : { ...p },
      ]),
    );
  }
  return {
    origin,
    keys: typeof raw.keys === 'string' ? [raw.keys] : raw.keys,
    ...(raw.files !== undefined ? { files: raw.files } : {}),
    ...(sourcePath !== undefined ? { sourcePath } : {}),
    fields,
  };
}

const keyPatterns = new Map<string, RegExp>();

/**
 * Whether a unit id matches a key glob: `*` is any run of characters (dots and slashes included:
 * `settings.*` is every key under `settings`), `?` one character, `{a,b}` either; everything else
 * is literal. Unit ids are keys, not paths, so no segment rule applies.
 */
export function keyMatches(glob: string, id: string): boolean {
  let pattern = keyPatterns.get(glob);
  if (!pattern) {
    let source = '';
    let depth = 0;
    for (const ch of glob) {
      if (ch === '*') source += '[\\s\\S]*';
      else if (ch === '?') source += '[\\s\\S]';
      else if (ch === '{') {
        source += '(?:';
        depth++;
      } else if (ch === '}' && depth > 0) {
        source += ')';
        depth--;
      } else if (ch === ',' && depth > 0) source += '|';
      else source += ch.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');
    }
    pattern = new RegExp(`^${source}${')'.repeat(depth)}$`);
    keyPatterns.set(glob, pattern);
  }
  return pattern.test(id);
}
