import { describe, expect, it } from 'vitest';
import {
  compileGlob,
  expandBraces,
  GlobSyntaxError,
  literalRoots,
  matchGlob,
} from '../../src/config/glob.ts';

const matches = (pattern: string, path: string) => matchGlob(compileGlob(pattern), path) !== undefined;
const globstar = (pattern: string, path: string) => matchGlob(compileGlob(pattern), path)?.globstar;
const syntaxProblem = (pattern: string) => {
  try {
    compileGlob(pattern);
    return undefined;
  } catch (error) {
    if (error instanceof GlobSyntaxError) return error.problem;
    throw error;
  }
};

describe('glob: single-segment wildcards', () => {
  it('* matches within one segment only', () => {
    expect(matches('locales/en/*.json', 'locales/en/app.json')).toBe(true);
    expect(matches('locales/en/*.json', 'locales/en/sub/app.json')).toBe(false);
    expect(matches('locales/*/app.json', 'locales/en/app.json')).toBe(true);
    expect(matches('*.json', 'a/b.json')).toBe(false);
  });

  it('? matches exactly one character that is not /', () => {
    expect(matches('locales/??/app.json', 'locales/en/app.json')).toBe(true);
    expect(matches('locales/??/app.json', 'locales/eng/app.json')).toBe(false);
    expect(matches('a?b', 'a/b')).toBe(false);
    expect(matches('a?b', 'aéb')).toBe(true);
  });

  it('character classes, ranges and negation never match /', () => {
    expect(matches('v[0-9].txt', 'v7.txt')).toBe(true);
    expect(matches('v[0-9].txt', 'vx.txt')).toBe(false);
    expect(matches('v[!0-9].txt', 'vx.txt')).toBe(true);
    expect(matches('v[^0-9].txt', 'v7.txt')).toBe(false);
    expect(matches('a[!x]b', 'a/b')).toBe(false);
    expect(matches('a[]]b', 'a]b')).toBe(true);
  });

  it('regex metacharacters in names are literal', () => {
    expect(matches('a+b(1).json', 'a+b(1).json')).toBe(true);
    expect(matches('a.json', 'aXjson')).toBe(false);
    expect(matches('$x^.json', '$x^.json')).toBe(true);
  });

  it('matches dotfiles and dot directories with * and **', () => {
    expect(matches('locales/*.json', 'locales/.draft.json')).toBe(true);
    expect(matches('**/en.json', '.config/i18n/en.json')).toBe(true);
  });

  it('reads !, parentheses, | and the other punctuation as literal text, and a class as a class only', () => {
    expect(matches('!a.json', '!a.json')).toBe(true);
    expect(matches('+(a)|b.json', '+(a)|b.json')).toBe(true);
    expect(matches('+(a)|b.json', 'a.json')).toBe(false);
    expect(matches('@(x).json', 'x.json')).toBe(false);
    expect(matches('a[1].json', 'a1.json')).toBe(true);
    expect(matches('a[1].json', 'a[1].json')).toBe(false);
    expect(matches('v[!]].txt', 'vx.txt')).toBe(true);
    expect(matches('v[!]].txt', 'v].txt')).toBe(false);
  });

  it('reads POSIX classes as picomatch does', () => {
    expect(matches('v[[:digit:]].txt', 'v7.txt')).toBe(true);
    expect(matches('v[[:digit:]].txt', 'vx.txt')).toBe(false);
  });

  it('is case-sensitive, as git paths are', () => {
    expect(matches('Locales/*.json', 'locales/a.json')).toBe(false);
  });
});

describe('glob: ** across directories', () => {
  it('matches zero, one or many directories', () => {
    expect(matches('locales/en/**/*.json', 'locales/en/a.json')).toBe(true);
    expect(matches('locales/en/**/*.json', 'locales/en/x/a.json')).toBe(true);
    expect(matches('locales/en/**/*.json', 'locales/en/x/y/z/a.json')).toBe(true);
    expect(matches('locales/en/**/*.json', 'locales/de/a.json')).toBe(false);
  });

  it('captures what ** matched, empty at zero depth', () => {
    expect(globstar('locales/en/**/*.json', 'locales/en/a.json')).toBe('');
    expect(globstar('locales/en/**/*.json', 'locales/en/a/b/x.json')).toBe('a/b');
    expect(globstar('**/en.yml', 'config/locales/en.yml')).toBe('config/locales');
    expect(globstar('**/en.yml', 'en.yml')).toBe('');
    expect(globstar('locales/*.json', 'locales/a.json')).toBe('');
  });

  it('with several **, the first takes as many directories as leave a match', () => {
    expect(globstar('a/**/x/**/*.json', 'a/b/x/c/x/d.json')).toBe('b/x/c');
    expect(globstar('a/**/x/**', 'a/x/x/y')).toBe('x');
  });

  it('a trailing ** matches every file below', () => {
    expect(matches('docs/**', 'docs/a.md')).toBe(true);
    expect(matches('docs/**', 'docs/a/b.md')).toBe(true);
    expect(matches('docs/**', 'docs')).toBe(false);
    expect(globstar('docs/**', 'docs/a/b.md')).toBe('a/b.md');
  });

  it('refuses ** inside a segment', () => {
    expect(syntaxProblem('locales/**.json')).toBe('may use ** only as a whole path segment, as in a/**/b');
  });
});

describe('glob: brace sets', () => {
  it('expands alternatives, nested ones and ones holding /', () => {
    expect(expandBraces('a/{b,c{d,e}}/f')).toEqual(['a/b/f', 'a/cd/f', 'a/ce/f']);
    expect(expandBraces('{x/y,z}.json')).toEqual(['x/y.json', 'z.json']);
    expect(expandBraces('{a,b}{1,2}')).toEqual(['a1', 'b1', 'a2', 'b2']);
  });

  it('matches any alternative', () => {
    expect(matches('locales/en/*.{json,yml}', 'locales/en/a.yml')).toBe(true);
    expect(matches('locales/en/*.{json,yml}', 'locales/en/a.json')).toBe(true);
    expect(matches('locales/en/*.{json,yml}', 'locales/en/a.xml')).toBe(false);
    expect(matches('{web,app}/**/en.json', 'app/src/en.json')).toBe(true);
  });

  it('keeps a brace without a comma literal and commas inside classes', () => {
    expect(matches('a{b}.txt', 'a{b}.txt')).toBe(true);
    expect(expandBraces('{[,],x}')).toEqual(['[,]', 'x']);
  });

  it('refuses unbalanced braces and brackets, and explosive expansions', () => {
    expect(syntaxProblem('a/{b,c')).toBe('has a { without a matching }');
    expect(syntaxProblem('a/b}')).toBe('has a } without a matching {');
    expect(syntaxProblem('a/[bc')).toBe('has a [ without a matching ]');
    expect(syntaxProblem('a[/]b')).toBe('has a [ without a matching ]'); // a class cannot hold /
    expect(syntaxProblem('v[9-0].txt')).toBe('has an invalid character class');
    expect(syntaxProblem('{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}')).toBe(
      'expands to more than 256 alternatives',
    );
  });
});

describe('glob: literal roots', () => {
  it('names the directory a walk can start in, per alternative', () => {
    expect(literalRoots('locales/en/**/*.json')).toEqual(['locales/en']);
    expect(literalRoots('{web,app}/i18n/*.json')).toEqual(['web/i18n', 'app/i18n']);
    expect(literalRoots('**/en.yml')).toEqual(['']);
    expect(literalRoots('config/locales/en.yml')).toEqual(['config/locales']);
  });
});
