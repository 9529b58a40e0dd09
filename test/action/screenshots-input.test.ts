import { afterEach, describe, expect, it } from 'vitest';
import { getInputs, InputError } from '../../src/action/inputs.ts';

// @actions/core reads input NAME from INPUT_NAME (upper case, spaces as _; hyphens kept).
const set = (inputs: Record<string, string>) => {
  for (const [k, v] of Object.entries(inputs)) process.env[`INPUT_${k.toUpperCase()}`] = v;
};
afterEach(() => {
  for (const k of Object.keys(process.env)) if (k.startsWith('INPUT_')) delete process.env[k];
});

describe('the screenshots input', () => {
  const base = { 'api-url': 'https://platform.example.com', 'api-key': 'k'.repeat(20) };

  it('is a folder inside the workspace, absent by default', () => {
    set(base);
    expect(getInputs().screenshots).toBeUndefined();
    set({ screenshots: 'docs/screenshots/' });
    expect(getInputs().screenshots).toBe('docs/screenshots/');
  });

  it('refuses a folder outside the repository, naming the input', () => {
    for (const dir of ['../elsewhere', '/tmp/shots', 'a/../../b']) {
      set({ ...base, screenshots: dir });
      expect(() => getInputs()).toThrow(
        new InputError(
          `input screenshots: "${dir}" must be a folder inside the repository (relative, no ..)`,
        ),
      );
    }
  });

  it('screenshots-from-pseudo: off by default, and only with a screenshots folder', () => {
    set({ ...base, screenshots: 'e2e/shots' });
    expect(getInputs().screenshotsFromPseudo).toBe(false);
    set({ 'screenshots-from-pseudo': 'true' });
    expect(getInputs().screenshotsFromPseudo).toBe(true);
    delete process.env.INPUT_SCREENSHOTS;
    expect(() => getInputs()).toThrow(
      new InputError(
        'input screenshots-from-pseudo: set screenshots to the folder of PNG files and the pseudo text beside them',
      ),
    );
    set({ screenshots: 'e2e/shots', 'screenshots-from-pseudo': 'maybe' });
    expect(() => getInputs()).toThrow(
      new InputError('input screenshots-from-pseudo: "maybe" is not true or false'),
    );
  });
});
