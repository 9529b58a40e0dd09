import { describe, expect, it } from 'vitest';
import { Deliveries } from '../../receiver/pull-request-batch/deliveries.ts';
import { loadConfig } from '../../src/config/index.ts';

const config = loadConfig(
  'source: en\ntargets: [de]\nfiles:\n  - source: locales/en/*.json\n    translation: locales/%lang%/%file%\n',
);
const text = (s: string) => new TextEncoder().encode(s);
const place = (into = new Deliveries(), sourceFileId: number, content: string) => {
  into.place(config, {
    sourcePath: 'locales/en/app.json',
    lang: 'de',
    bytes: text(content),
    sourceBytes: text('{"a": "A"}'),
    words: 1,
    sourceFileId,
  });
  return into;
};
const contents = (c: Deliveries) =>
  c.delivered().map((d) => [d.path, new TextDecoder().decode(d.content), d.sourceFileId]);

describe('translations of one path from several source uploads', () => {
  it('keeps the newest source within a batch, whatever order the events came in', () => {
    const batch = place(place(undefined, 12, 'newer'), 10, 'older');
    expect(contents(batch)).toEqual([['locales/de/app.json', 'newer', 12]]);
    expect(batch.notes).toEqual([
      'locales/de/app.json: translation of source upload 10 left out; the one of newer upload 12 stays',
    ]);
    // For the same upload, the later event wins.
    expect(contents(place(batch, 12, 'again'))).toEqual([['locales/de/app.json', 'again', 12]]);
  });

  it('merges events by the same rule', () => {
    const into = place(undefined, 12, 'newer');
    into.absorb(place(undefined, 10, 'older'));
    expect(contents(into)).toEqual([['locales/de/app.json', 'newer', 12]]);
    into.absorb(place(undefined, 13, 'newest'));
    expect(contents(into)).toEqual([['locales/de/app.json', 'newest', 13]]);
  });

  it('leaves out what is older than what the branch already holds', () => {
    const older = place(undefined, 10, 'older');
    older.dropOlderThan(new Map([['locales/de/app.json', 12]]));
    expect(older.delivered()).toHaveLength(0);
    expect(older.notes).toHaveLength(1);
    const same = place(undefined, 12, 'same upload');
    same.dropOlderThan(new Map([['locales/de/app.json', 12]]));
    expect(contents(same)).toEqual([['locales/de/app.json', 'same upload', 12]]);
  });
});

describe('a multilingual file (.xcstrings)', () => {
  it('keeps every language delivered to its one path: each is merged into the file in turn', () => {
    const catalog = loadConfig(
      'source: en\ntargets: [de, ru]\nfiles:\n  - source: App/*.xcstrings\n    translation: App/%file%\n',
    );
    const into = new Deliveries();
    for (const lang of ['de', 'ru'])
      into.place(catalog, {
        sourcePath: 'App/Localizable.xcstrings',
        lang,
        bytes: text(`{"lang": "${lang}"}`),
        sourceBytes: text('{}'),
        words: 1,
        sourceFileId: 7,
      });
    expect(into.delivered().map((d) => [d.path, d.lang])).toEqual([
      ['App/Localizable.xcstrings', 'de'],
      ['App/Localizable.xcstrings', 'ru'],
    ]);
  });
});
