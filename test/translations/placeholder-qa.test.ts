import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { placeholderWarnings } from '../../src/translations/placeholder-qa.ts';

const file = (name: string) => ({
  path: `config/locales/${name}`,
  bytes: new Uint8Array(readFileSync(`test/fixtures/qa/real/rails-${name}`)),
});

describe('placeholderWarnings (the pull request body)', () => {
  it('reads a Rails file as qa does: a URL escape is text, an empty form is no placeholder problem, a renamed %{size} is a warning', () => {
    const warnings = placeholderWarnings(file('en.yml'), file('ru.yml'));
    expect(warnings.map((w) => `${w.id}: ${w.message}`)).toEqual([
      'comments.replies: missing placeholder %{count}',
      'comments.replies: extra placeholder %{количество}',
      'upload.too_big: missing placeholder %{size}',
      'upload.too_big: extra placeholder %{размер}',
    ]);
    expect(warnings.some((w) => w.message.includes('%A'))).toBe(false);
  });
});
