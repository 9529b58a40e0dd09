/**
 * Where an XLIFF unit's translation stands (1.2 and 2.0): the content of the `<target>` that
 * follows its source in the same `<trans-unit>` or `<segment>`.
 */
import type { TargetTextLocator } from '../../model.ts';

export function xliffTargetAt(text: string, from: number): number | undefined {
  const tag =
    /<(?:[\w.-]+:)?(target|trans-unit|segment|unit)\b[^>]*?(\/?)>|<\/(?:[\w.-]+:)?(?:trans-unit|segment|unit)>/g;
  tag.lastIndex = from;
  const m = tag.exec(text);
  if (m?.[1] !== 'target' || m[2] === '/') return undefined;
  return m.index + m[0].length;
}

/** XLIFF 1.2: a unit's translation is its `<target>`. */
export const xliffLocator = (text: string): TargetTextLocator => ({
  translationAt: (from) => xliffTargetAt(text, from),
});
