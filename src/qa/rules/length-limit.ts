/**
 * A translation longer than the limit the file declares (XLIFF `maxwidth`, a size restriction) or
 * a context rule gives (`max_length` in `.svc.yml` or a `*.context.yml`), in characters the reader sees: a format's inline codes are markup, not text.
 */
import { defineRule } from '../rule.ts';
import { formsOf } from '../unit.ts';

const codePatterns = new WeakMap<ReadonlySet<string>, RegExp>();

/** The inline codes of a format as one pattern, built once per format. */
function codesOf(codes: ReadonlySet<string>): RegExp {
  let pattern = codePatterns.get(codes);
  if (!pattern) {
    pattern = new RegExp(`</?(?:${[...codes].join('|')})\\b[^>]*>`, 'g');
    codePatterns.set(codes, pattern);
  }
  return pattern;
}

export const lengthLimit = defineRule({
  id: 'length-limit',
  severity: 'error',
  check(unit) {
    const max = unit.maxLength;
    if (max === undefined) return [];
    const codes = unit.format.inlineCodes;
    const visible = (f: string) => (codes ? f.replace(codesOf(codes), '') : f);
    const longest = Math.max(...formsOf(unit.translated).map((f) => [...visible(f)].length));
    if (longest <= max) return [];
    const origin = unit.context.limitOrigins?.get(unit.source.id);
    const allows = origin ? `max_length in ${origin} allows ${max}` : `the file allows ${max}`;
    return [{ message: `translation is ${longest} characters long; ${allows}` }];
  },
});
