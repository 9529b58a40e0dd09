import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/index.ts';

const CONFIG = `source: en
targets: [de, ja]
files:
  - source: locales/en.json
    translation: locales/%lang%.json
`;

/** The message of the ConfigError thrown by loading `text`. */
function message(text: string): string {
  try {
    loadConfig(text);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('pull_request.reviewers_by_language', () => {
  it('is read as target → logins and org/team names, beside the reviewers of every pull request', () => {
    const config = loadConfig(
      `${CONFIG}pull_request:\n  reviewers: [lead]\n  reviewers_by_language: { de: [alice], ja: [acme/ja-team, ken-1, ken_acme] }\n`,
    );
    expect(config.pullRequest).toMatchObject({
      reviewers: ['lead'],
      reviewersByLanguage: { de: ['alice'], ja: ['acme/ja-team', 'ken-1', 'ken_acme'] },
    });
    expect(loadConfig(CONFIG).pullRequest).not.toHaveProperty('reviewersByLanguage');
  });

  it('names a key that is no target, and a reviewer that is no login nor team', () => {
    expect(message(`${CONFIG}pull_request: { reviewers_by_language: { fr: [alice] } }\n`)).toBe(
      '.svc.yml: pull_request.reviewers_by_language.fr: "fr" is not one of the targets',
    );
    expect(message(`${CONFIG}pull_request: { reviewers_by_language: { ja: ["@acme/ja-team"] } }\n`)).toBe(
      '.svc.yml: pull_request.reviewers_by_language.ja[0]: "@acme/ja-team" must be a GitHub login (alice) or a team (acme/ja-team), without the @',
    );
    expect(message(`${CONFIG}pull_request: { reviewers_by_language: { de: [alice, ""] } }\n`)).toBe(
      '.svc.yml: pull_request.reviewers_by_language.de[1]: must not be empty',
    );
    expect(message(`${CONFIG}pull_request: { reviewers: ["acme/ja/team"] }\n`)).toBe(
      '.svc.yml: pull_request.reviewers[0]: "acme/ja/team" must be a GitHub login (alice) or a team (acme/ja-team)',
    );
    expect(message(`${CONFIG}pull_request: { reviewers_by_language: { de: alice } }\n`)).toContain(
      'pull_request.reviewers_by_language.de: must be a list',
    );
  });

  it('is suggested for a misspelt key', () => {
    expect(message(`${CONFIG}pull_request: { reviewers_by_lang: { de: [alice] } }\n`)).toBe(
      '.svc.yml: pull_request: unknown key "reviewers_by_lang" (did you mean "reviewers_by_language"?)',
    );
  });
});
