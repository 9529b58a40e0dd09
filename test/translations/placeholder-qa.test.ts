import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { placeholderWarnings } from '../../src/translations/placeholder-qa.ts';

const file = (name: string) => ({
  path: `config/locales/${name}`,
  bytes: new Uint8Array(readFileSync(`test/fixtures/qa/real/rails-${name}`)),
});

describe('placeholderWarnings (the pull request body)', () => {
  it('reads a Rails file as qa does: a URL escape is text, an empty form is no placeholder problem, a renamed %{size} is one finding', () => {
    const warnings = placeholderWarnings(file('en.yml'), file('ru.yml'), { source: 'en', targets: ['ru'] });
    expect(warnings.map((w) => `${w.id}: ${w.message}`)).toEqual([
      'comments.replies: extra placeholder %{количество} (not in the source)',
      'upload.too_big: placeholder %{size} is written %{размер} in the translation',
    ]);
    expect(warnings.some((w) => w.message.includes('%A'))).toBe(false);
  });
});
