import { describe, expect, it } from 'vitest';
import { baseScore, maxDistance, tmSimilarity } from '../../../../server/engine/tm/score.ts';

describe('tmSimilarity', () => {
  it('is 100 only for an identical source', () => {
    expect(tmSimilarity('Save all files', 'Save all files')).toBe(100);
    expect(tmSimilarity('Save all files', 'save all files')).toBe(99);
    expect(tmSimilarity('Save all files', 'Save all  files')).toBe(99);
    expect(tmSimilarity('Save all files', 'Save all files ')).toBe(99);
  });

  it('charges edits for case only when asked to be case-sensitive', () => {
    expect(tmSimilarity('Save all files', 'SAVE all files', { caseSensitive: true })).toBeLessThan(80);
    expect(tmSimilarity('Save all files', 'SAVE all files')).toBe(99);
  });

  it('scores a 10-word segment differing only in a number or a placeholder name at least 90', () => {
    const a = 'You can upload up to 5 files to this shared folder';
    expect(tmSimilarity(a, a.replace('5', '12'))).toBeGreaterThanOrEqual(90);
    expect(tmSimilarity(a, a.replace('5', '12'))).toBeLessThan(100);
    const b = 'Hello {name}, you have new messages in your shared inbox';
    expect(tmSimilarity(b, b.replace('{name}', '{user}'))).toBeGreaterThanOrEqual(90);
    expect(tmSimilarity('<b>Save</b> the file now', '<i>Save</i> the file now')).toBeGreaterThanOrEqual(90);
  });

  it('scores text identical but for its tags 99 (added, missing, renamed or moved tags), as OmegaT and Trados do', () => {
    expect(tmSimilarity('Click here to save', 'Click <b>here</b> to save')).toBe(99);
    expect(tmSimilarity('Click <b>here</b> to save', 'Click here to save')).toBe(99);
    expect(tmSimilarity('Click <i>here</i> to save', 'Click <b>here</b> to save')).toBe(99);
    expect(tmSimilarity('<b>Click here</b> to save', 'Click <b>here</b> to save')).toBe(99);
    expect(tmSimilarity('Line one <br/> and two', 'Line one and two')).toBe(99);
    const many = '<p><b>Save</b> <a href="/f">all</a> <i>files</i><br/></p>';
    expect(tmSimilarity('Save all files', many)).toBe(99);
    // Tags cost once, on top of what the text costs.
    expect(tmSimilarity('Delete <b>5</b> files', 'Delete 3 files')).toBe(
      tmSimilarity('Delete 5 files', 'Delete 3 files') - 1,
    );
    expect(tmSimilarity('Click <b>here</b>', 'Click <b>here</b>')).toBe(100);
    expect(tmSimilarity('Click here', 'Click <b>here</b>', { penalties: { tags: 4 } })).toBe(96);
  });

  it('scores one changed word in a 10-word segment between 75 and 99', () => {
    const score = tmSimilarity(
      'Open the settings page to change your account password today',
      'Open the settings page to change your profile password today',
    );
    expect(score).toBeGreaterThanOrEqual(75);
    expect(score).toBeLessThan(100);
  });

  it('scores unrelated sentences low', () => {
    expect(tmSimilarity('Delete the selected files', 'Your invoice has been paid')).toBeLessThan(50);
  });

  it('can change its penalties', () => {
    expect(tmSimilarity('Delete 3 files', 'Delete 5 files', { penalties: { variable: 5 } })).toBe(95);
  });
});

describe('baseScore and maxDistance', () => {
  it('round down, so that any edit keeps a long segment below 100', () => {
    expect(baseScore(1, 400)).toBe(99);
    expect(baseScore(0, 0)).toBe(100);
    expect(baseScore(1, 4)).toBe(75);
  });

  it('agree: maxDistance is the largest distance that still reaches the score', () => {
    for (let length = 1; length < 300; length++) {
      for (const min of [0, 50, 75, 90, 99, 100]) {
        const k = maxDistance(length, min);
        expect(baseScore(k, length)).toBeGreaterThanOrEqual(min);
        if (k < length) expect(baseScore(k + 1, length)).toBeLessThan(min);
      }
    }
  });
});
