/**
 * A check run's `output.annotations` read the way GitHub validates them: at most 50 per request
 * ("To create more than 50 annotations, you have to make multiple requests"), each with `path`,
 * `start_line`, `end_line`, `annotation_level` (notice, warning, failure) and `message`; columns
 * only on a single line.
 */
import { HttpError, invalidField } from './http-error.ts';
import { optionalString, requiredString } from './input.ts';
import type { AnnotationState } from './state.ts';

/** GitHub's limit per create or update request. */
export const MAX_ANNOTATIONS = 50;
const LEVELS = ['notice', 'warning', 'failure'] as const;

export function readAnnotations(value: unknown): AnnotationState[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw invalidField('CheckRun', 'annotations');
  if (value.length > MAX_ANNOTATIONS) {
    throw new HttpError(422, 'Validation Failed', {
      errors: [
        {
          resource: 'CheckRun',
          field: 'annotations',
          code: 'invalid',
          message: `Only ${MAX_ANNOTATIONS} annotations are allowed per request; ${value.length} were sent`,
        },
      ],
    });
  }
  return value.map((raw) => {
    if (!raw || typeof raw !== 'object') throw invalidField('CheckRun', 'annotations');
    const item = raw as Record<string, unknown>;
    const level = requiredString(item, 'annotation_level', 'CheckRun');
    if (!(LEVELS as readonly string[]).includes(level)) throw invalidField('CheckRun', 'annotation_level');
    const startLine = line(item, 'start_line', true) as number;
    const endLine = line(item, 'end_line', true) as number;
    if (endLine < startLine) throw invalidField('CheckRun', 'end_line');
    const startColumn = line(item, 'start_column', false);
    const endColumn = line(item, 'end_column', false);
    if ((startColumn !== undefined || endColumn !== undefined) && startLine !== endLine)
      throw invalidField('CheckRun', 'start_column');
    return {
      path: requiredString(item, 'path', 'CheckRun'),
      startLine,
      endLine,
      startColumn: startColumn ?? null,
      endColumn: endColumn ?? null,
      level: level as AnnotationState['level'],
      message: requiredString(item, 'message', 'CheckRun'),
      title: optionalString(item, 'title', 'CheckRun') ?? null,
      rawDetails: optionalString(item, 'raw_details', 'CheckRun') ?? null,
    };
  });
}

/** A 1-based line or column number. */
function line(item: Record<string, unknown>, field: string, required: boolean): number | undefined {
  const value = item[field];
  if (value === undefined && !required) return undefined;
  if (value === undefined) throw invalidField('CheckRun', field, true);
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1)
    throw invalidField('CheckRun', field);
  return value;
}
