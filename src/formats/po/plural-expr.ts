/**
 * A safe evaluator for gettext's `plural=` C expressions (no eval): integers, `n`, parentheses,
 * `?:`, `||`, `&&`, `== != < <= > >=`, `+ - * / %` and `!`, with C's integer semantics.
 */

export type PluralFunction = (n: number) => number;

type Token = { kind: 'num'; value: number } | { kind: 'n' } | { kind: 'op'; value: string };

const OPERATORS = [
  '||',
  '&&',
  '==',
  '!=',
  '<=',
  '>=',
  '<',
  '>',
  '+',
  '-',
  '*',
  '/',
  '%',
  '!',
  '?',
  ':',
  '(',
  ')',
];

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
    } else if (c >= '0' && c <= '9') {
      let j = i;
      while (j < source.length && source[j]! >= '0' && source[j]! <= '9') j++;
      tokens.push({ kind: 'num', value: Number(source.slice(i, j)) });
      i = j;
    } else if (c === 'n') {
      tokens.push({ kind: 'n' });
      i++;
    } else {
      const op = OPERATORS.find((o) => source.startsWith(o, i));
      if (!op) throw new SyntaxError(`unexpected ${JSON.stringify(c)} at ${i} in plural expression`);
      tokens.push({ kind: 'op', value: op });
      i += op.length;
    }
  }
  return tokens;
}

// Binary operators by C precedence, lowest first (the conditional is handled above these).
const LEVELS: readonly (readonly string[])[] = [
  ['||'],
  ['&&'],
  ['==', '!='],
  ['<', '<=', '>', '>='],
  ['+', '-'],
  ['*', '/', '%'],
];

const BINARY: Record<string, (a: number, b: number) => number> = {
  '||': (a, b) => (a !== 0 || b !== 0 ? 1 : 0),
  '&&': (a, b) => (a !== 0 && b !== 0 ? 1 : 0),
  '==': (a, b) => (a === b ? 1 : 0),
  '!=': (a, b) => (a !== b ? 1 : 0),
  '<': (a, b) => (a < b ? 1 : 0),
  '<=': (a, b) => (a <= b ? 1 : 0),
  '>': (a, b) => (a > b ? 1 : 0),
  '>=': (a, b) => (a >= b ? 1 : 0),
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => {
    if (b === 0) throw new RangeError('division by zero in plural expression');
    return Math.trunc(a / b);
  },
  '%': (a, b) => {
    if (b === 0) throw new RangeError('division by zero in plural expression');
    return a % b;
  },
};

/** Compiles a plural expression into a function of n; throws SyntaxError on anything else. */
export function compilePlural(source: string): PluralFunction {
  const tokens = tokenize(source);
  let pos = 0;
  const peek = (): Token | undefined => tokens[pos];
  const isOp = (value: string) => {
    const t = peek();
    return t?.kind === 'op' && t.value === value;
  };
  const expect = (value: string) => {
    if (!isOp(value)) throw new SyntaxError(`expected ${JSON.stringify(value)} in plural expression`);
    pos++;
  };

  const conditional = (): PluralFunction => {
    const test = binary(0);
    if (!isOp('?')) return test;
    pos++;
    const yes = conditional();
    expect(':');
    const no = conditional();
    return (n) => (test(n) !== 0 ? yes(n) : no(n));
  };

  const binary = (level: number): PluralFunction => {
    if (level === LEVELS.length) return unary();
    let left = binary(level + 1);
    for (;;) {
      const t = peek();
      if (t?.kind !== 'op' || !LEVELS[level]!.includes(t.value)) return left;
      pos++;
      const right = binary(level + 1);
      const apply = BINARY[t.value]!;
      const l = left;
      left = (n) => apply(l(n), right(n));
    }
  };

  const unary = (): PluralFunction => {
    const t = peek();
    if (t === undefined) throw new SyntaxError('plural expression ends too early');
    pos++;
    if (t.kind === 'num') return () => t.value;
    if (t.kind === 'n') return (n) => n;
    if (t.value === '!') {
      const inner = unary();
      return (n) => (inner(n) === 0 ? 1 : 0);
    }
    if (t.value === '-') {
      const inner = unary();
      return (n) => -inner(n);
    }
    if (t.value === '(') {
      const inner = conditional();
      expect(')');
      return inner;
    }
    throw new SyntaxError(`unexpected ${JSON.stringify(t.value)} in plural expression`);
  };

  const fn = conditional();
  if (pos !== tokens.length) throw new SyntaxError('unexpected text after plural expression');
  return fn;
}

export interface PluralFormsHeader {
  nplurals: number;
  expression: string;
  plural: PluralFunction;
}

/** Parses a `Plural-Forms:` value (`nplurals=3; plural=(n%10==1 ? 0 : …);`); undefined when invalid. */
export function parsePluralForms(value: string): PluralFormsHeader | undefined {
  const match = /^\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*([^;]+?)\s*;?\s*$/.exec(value);
  if (!match) return undefined;
  const nplurals = Number(match[1]);
  if (nplurals < 1 || nplurals > 6) return undefined;
  try {
    const plural = compilePlural(match[2]!);
    return { nplurals, expression: match[2]!, plural };
  } catch {
    return undefined;
  }
}
