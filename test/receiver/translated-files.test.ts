import { describe, expect, it } from 'vitest';
import {
  dropOlderThan,
  emptyCollected,
  mergeCollected,
  placeTranslation,
} from '../../receiver/handlers/translated-files.ts';
import { loadConfig } from '../../src/config/index.ts';

const config = loadConfig(
  'source: en\ntargets: [de]\nfiles:\n  - source: locales/en/*.json\n    translation: locales/%lang%/%file%\n',
);
const text = (s: string) => new TextEncoder().encode(s);
const place = (into = emptyCollected(), sourceFileId: number, content: string) => {
  placeTranslation(into, config, {
    sourcePath: 'locales/en/app.json',
    lang: 'de',
    bytes: text(content),
    sourceBytes: text('{"a": "A"}'),
    words: 1,
    sourceFileId,
  });
  return into;
};
const contents = (c: ReturnType<typeof emptyCollected>) =>
  c.files.map((f) => [
    f.path,
    typeof f.content === 'string' ? f.content : new TextDecoder().decode(f.content),
    c.sourceIds.get(f.path),
  ]);

describe('translations of one path from several source uploads', () => {
  it('keeps the newest source within a batch, whatever order the events came in', () => {
    const batch = place(place(undefined, 12, 'newer'), 10, 'older');
    expect(contents(batch)).toEqual([['locales/de/app.json', 'newer', 12]]);
    expect(batch.described).toHaveLength(1);
    expect(batch.skipped).toEqual([
      'locales/de/app.json: translation of source upload 10 left out; the one of newer upload 12 stays',
    ]);
    // For the same upload, the later event wins.
    expect(contents(place(batch, 12, 'again'))).toEqual([['locales/de/app.json', 'again', 12]]);
  });

  it('merges events by the same rule', () => {
    const into = place(undefined, 12, 'newer');
    mergeCollected(into, place(undefined, 10, 'older'));
    expect(contents(into)).toEqual([['locales/de/app.json', 'newer', 12]]);
    mergeCollected(into, place(undefined, 13, 'newest'));
    expect(contents(into)).toEqual([['locales/de/app.json', 'newest', 13]]);
    expect(into.described.map((d) => d.path)).toEqual(['locales/de/app.json']);
  });

  it('leaves out what is older than what the branch already holds', () => {
    const older = place(undefined, 10, 'older');
    dropOlderThan(older, new Map([['locales/de/app.json', 12]]));
    expect(older.files).toEqual([]);
    expect(older.described).toEqual([]);
    expect(older.skipped).toHaveLength(1);
    const same = place(undefined, 12, 'same upload');
    dropOlderThan(same, new Map([['locales/de/app.json', 12]]));
    expect(contents(same)).toEqual([['locales/de/app.json', 'same upload', 12]]);
  });
});
