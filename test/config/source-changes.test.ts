/**
 * Issue 36: `on_source_change.small` and `removed_keys` in `.svc.yml` — their defaults (today's
 * behaviour for removals, `review` for small edits) and a clear error naming every value allowed.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/index.ts';

const MINIMAL = `source: en
targets: [de]
files:
  - source: locales/en.json
    translation: locales/%lang%.json
`;

function message(text: string): string {
  try {
    loadConfig(text);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('on_source_change and removed_keys', () => {
  it('default to review and remove', () => {
    const config = loadConfig(MINIMAL);
    expect(config.onSourceChange).toEqual({ small: 'review' });
    expect(config.removedKeys).toBe('remove');
  });

  it('take every value the issue names', () => {
    for (const small of ['keep', 'review', 'translate'] as const)
      expect(loadConfig(`${MINIMAL}on_source_change: { small: ${small} }\n`).onSourceChange.small).toBe(
        small,
      );
    for (const mode of ['remove', 'keep-until-merged', 'report'] as const)
      expect(loadConfig(`${MINIMAL}removed_keys: ${mode}\n`).removedKeys).toBe(mode);
    expect(loadConfig(`${MINIMAL}on_source_change: {}\n`).onSourceChange).toEqual({ small: 'review' });
  });

  it('refuse a bad value, naming the key and what it may be', () => {
    expect(message(`${MINIMAL}removed_keys: keep\n`)).toBe(
      '.svc.yml: removed_keys: must be "remove", "keep-until-merged" or "report", not "keep"',
    );
    expect(message(`${MINIMAL}on_source_change: { small: ignore }\n`)).toBe(
      '.svc.yml: on_source_change.small: must be "keep", "review" or "translate", not "ignore"',
    );
    expect(message(`${MINIMAL}on_source_change: { smal: keep }\n`)).toBe(
      '.svc.yml: on_source_change: unknown key "smal" (did you mean "small"?)',
    );
    expect(message(`${MINIMAL}on_source_change: review\n`)).toBe(
      '.svc.yml: on_source_change: must be a mapping, not "review"',
    );
  });
});
