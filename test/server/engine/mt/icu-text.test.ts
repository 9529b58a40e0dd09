import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type IcuContext, icuSyntaxes, quoteIcu, unquoteIcu } from '../../../../server/engine/mt/icu-text.ts';

const tricky = fc.string({
  unit: fc.constantFrom("'", '{', '}', '#', '<', '>', 'a', 'é', ' ', '|'),
  maxLength: 12,
});
const contexts: IcuContext[] = ['top', 'plural', 'select'];

/** Parses `literal` followed by `{x}` in context `ctx` and returns the elements of that context. */
function readBack(literal: string, ctx: IcuContext): MessageFormatElement[] {
  const message = `${literal}{x}`;
  const wrapped =
    ctx === 'top'
      ? message
      : ctx === 'plural'
        ? `{n, plural, other {${message}}}`
        : `{g, select, other {${message}}}`;
  const ast = parse(wrapped, { ignoreTag: true });
  if (ctx === 'top') return ast;
  return (ast[0] as { options: Record<string, { value: MessageFormatElement[] }> }).options.other!.value;
}

describe('quoteIcu', () => {
  it.each(contexts)('writes any text so that ICU reads it back exactly, before an argument (%s)', (ctx) => {
    fc.assert(
      fc.property(tricky, (text) => {
        const elements = readBack(quoteIcu(text, ctx, '{x}'), ctx);
        const literal = elements.length === 2 ? (elements[0] as { value: string }).value : '';
        expect(literal).toBe(text);
        expect(elements.at(-1)).toMatchObject({ type: 1, value: 'x' });
      }),
      { numRuns: 500 },
    );
  });

  it('quotes only where ICU needs it', () => {
    expect(quoteIcu("l'", 'top', '{name}')).toBe("l''");
    expect(quoteIcu("don't", 'top', '')).toBe("don't");
    expect(quoteIcu('{ici}', 'top', '')).toBe("'{ici}'");
    expect(quoteIcu('N° #', 'plural', '')).toBe("N° '#'");
    expect(quoteIcu('N° #', 'select', '')).toBe('N° #');
  });
});

describe('unquoteIcu', () => {
  it.each(contexts)('reverses quoteIcu (%s)', (ctx) => {
    fc.assert(
      fc.property(tricky, (text) => {
        expect(unquoteIcu(quoteIcu(text, ctx, ''), ctx)).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  it('reads apostrophes as ICU 4.8 does', () => {
    expect(unquoteIcu("Don''t touch '{braces}' or '#'", 'top')).toBe("Don't touch {braces} or '#'");
    expect(unquoteIcu("'#' and it's", 'plural')).toBe("# and it's");
  });
});

describe('icuSyntaxes', () => {
  it('reads `{{name}}` after a selector as ICU branch syntax, not i18next', () => {
    expect(icuSyntaxes('{g, select, female {{name}} other {x}}')).toEqual(['printf', 'icu', 'tags']);
  });

  it('masks i18next interpolation when the message mixes both', () => {
    expect(icuSyntaxes('{{x}} has {n, plural, one {# item} other {# items}}')).toEqual([
      'printf',
      'icu',
      'i18next',
      'tags',
    ]);
  });

  it('is undefined for text that is not an ICU message', () => {
    expect(icuSyntaxes('{n, plural, one {# item}')).toBeUndefined();
  });
});
