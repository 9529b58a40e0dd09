/**
 * Issue 34, findings 3 and 10 on a real app's shape (Mastodon for iOS, test/fixtures/stringsdict/
 * mastodon-*.stringsdict): what people wrote in a Russian `.stringsdict` stays byte for byte when a
 * sync writes into it — their `NSStringLocalizedFormatKey` that keeps `%#@character_count@` alone,
 * their empty plural forms, and rules that hold fewer categories than Russian has.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PluralForms } from '../../src/formats/model.ts';
import { stringsdictFormat } from '../../src/formats/stringsdict/index.ts';
import { editTarget, targetTranslations } from '../../src/formats/target.ts';

const EN = readFileSync('test/fixtures/stringsdict/mastodon-en.stringsdict');
const RU = readFileSync('test/fixtures/stringsdict/mastodon-ru.stringsdict');
const text = (b: Uint8Array) => new TextDecoder().decode(b);
const sourceUnits = stringsdictFormat.parse(EN);

/** The lines of `after` that are not in `before` and the other way round (a multiset diff). */
function changedLines(before: string, after: string): { added: string[]; removed: string[] } {
  const count = (lines: string[]) => {
    const m = new Map<string, number>();
    for (const l of lines) m.set(l, (m.get(l) ?? 0) + 1);
    return m;
  };
  const a = count(before.split('\n'));
  const b = count(after.split('\n'));
  const added: string[] = [];
  const removed: string[] = [];
  for (const [l, n] of b) for (let i = a.get(l) ?? 0; i < n; i++) added.push(l);
  for (const [l, n] of a) for (let i = b.get(l) ?? 0; i < n; i++) removed.push(l);
  return { added, removed };
}

describe('a Russian .stringsdict people translated', () => {
  it('reads a format key that keeps %#@character_count@ alone as their translation where the source has words there', () => {
    const held = targetTranslations(stringsdictFormat, RU, 'ru', { sourceUnits });
    expect(held.get('a11y.plural.count.input_limit_remains')).toBe('%#@character_count@');
    expect(held.get('a11y.plural.count.input_limit_exceeds')).toBe('Лимит превышен на %#@character_count@');
    // Read alone, the file's wordless format keys are not units (nothing to translate there).
    expect(stringsdictFormat.parse(RU).map((u) => u.id)).not.toContain(
      'a11y.plural.count.input_limit_remains',
    );
  });

  it('gains a new entry and nothing else: format keys, empty forms and partial rules stay byte for byte', () => {
    const vote: PluralForms = {
      one: '%ld голос',
      few: '%ld голоса',
      many: '%ld голосов',
      other: '%ld голоса',
    };
    const out = text(
      editTarget(
        stringsdictFormat,
        RU,
        { source: EN, set: new Map([['plural.count.vote|vote_count', vote]]), remove: new Set() },
        { targetLang: 'ru' },
      ),
    );
    const { added, removed } = changedLines(text(RU), out);
    expect(removed).toEqual([]);
    expect(out.startsWith(text(RU).slice(0, text(RU).lastIndexOf('  </dict>\n</plist>')))).toBe(true);
    expect(added.join('\n')).toContain('<string>%ld голосов</string>');
    expect(added.filter((l) => l.includes('<key>'))).toHaveLength(9);
  });

  it('writes a new variable inside an entry the target holds into that entry alone, keeping the forms people wrote there', () => {
    // The source's followed_by_and_mutual gains a variable; people's entry keeps its empty forms.
    const grown = text(EN).replace(
      '<string>%#@names@%#@count_mutual@</string>',
      '<string>%#@names@%#@count_mutual@%#@extra@</string>\n        <key>extra</key>\n        <dict>\n            <key>NSStringFormatSpecTypeKey</key>\n            <string>NSStringPluralRuleType</string>\n            <key>NSStringFormatValueTypeKey</key>\n            <string>ld</string>\n            <key>one</key>\n            <string>and one more</string>\n            <key>other</key>\n            <string>and %ld more</string>\n        </dict>',
    );
    const extra: PluralForms = { one: 'и ещё %ld', few: 'и ещё %ld', many: 'и ещё %ld', other: 'и ещё %ld' };
    const out = text(
      editTarget(
        stringsdictFormat,
        RU,
        {
          source: new TextEncoder().encode(grown),
          set: new Map([['plural.count.followed_by_and_mutual|extra', extra]]),
          remove: new Set(),
        },
        { targetLang: 'ru' },
      ),
    );
    const after = targetTranslations(stringsdictFormat, new TextEncoder().encode(out), 'ru');
    // Every other entry is as people wrote it, byte for byte.
    const untouched = (s: string) => s.slice(0, s.indexOf('<key>plural.count.followed_by_and_mutual</key>'));
    expect(untouched(out)).toBe(untouched(text(RU)));
    expect(out.slice(out.indexOf('<key>plural.count.media</key>'))).toBe(
      text(RU).slice(text(RU).indexOf('<key>plural.count.media</key>')),
    );
    expect(after.get('plural.count.followed_by_and_mutual|extra')).toEqual(extra);
    expect(after.get('plural.count.followed_by_and_mutual|count_mutual')).toEqual({
      one: '%1$@ и ещё %ld человек подписаны',
      few: '%1$@ и ещё %ld человека подписаны',
      many: '%1$@ и ещё %ld человек подписаны',
      other: '%1$@ и ещё %ld человека подписаны',
    });
    // The empty forms people left in `names` are still there, all four of them.
    const names = stringsdictFormat
      .parse(new TextEncoder().encode(out))
      .find((u) => u.id === 'plural.count.followed_by_and_mutual|names');
    expect(names?.sourcePlural).toEqual({ one: '', few: '', many: '', other: '' });
  });

  it('rewrites an entry whose variable the source renamed in place, alone (its format key names the new variable)', () => {
    const renamed = text(EN).replace(
      /(<key>a11y\.plural\.count\.characters_left<\/key>[\s\S]*?)%#@character_count@([\s\S]*?)<key>character_count<\/key>/,
      '$1%#@chars@$2<key>chars</key>',
    );
    expect(renamed).toContain('<key>chars</key>');
    const chars: PluralForms = {
      one: 'остался %ld',
      few: 'осталось %ld',
      many: 'осталось %ld',
      other: 'осталось %ld',
    };
    const out = text(
      editTarget(
        stringsdictFormat,
        RU,
        {
          source: new TextEncoder().encode(renamed),
          set: new Map([['a11y.plural.count.characters_left|chars', chars]]),
          remove: new Set(['a11y.plural.count.characters_left|character_count']),
        },
        { targetLang: 'ru' },
      ),
    );
    const ru = text(RU);
    const entry = (s: string) => s.indexOf('    <key>a11y.plural.count.characters_left</key>');
    const next = (s: string) => s.indexOf('    <key>plural.count.followed_by_and_mutual</key>');
    // Before and after the entry, every byte as people wrote it; the entry where it was.
    expect(out.slice(0, entry(out))).toBe(ru.slice(0, entry(ru)));
    expect(out.slice(next(out))).toBe(ru.slice(next(ru)));
    const written = out.slice(entry(out), next(out));
    expect(written).toContain('<string>%#@chars@</string>');
    expect(written).not.toContain('character_count');
    const units = stringsdictFormat.parse(new TextEncoder().encode(out));
    expect(units.find((u) => u.id === 'a11y.plural.count.characters_left|chars')?.sourcePlural).toEqual(
      chars,
    );
  });

  it('rebuilding from the source (the target.ts rule) writes held rules with exactly the categories people wrote', () => {
    const media: PluralForms = { one: '%ld медиафайл', other: '%ld медиафайла' };
    const out = text(
      stringsdictFormat.render(EN, new Map([['plural.count.media|media_count', media]]), {
        targetLang: 'ru',
        asWritten: new Set(['plural.count.media|media_count']),
      }),
    );
    const unit = stringsdictFormat
      .parse(new TextEncoder().encode(out))
      .find((u) => u.id === 'plural.count.media|media_count');
    expect(unit?.sourcePlural).toEqual(media);
    // Without asWritten (a unit being translated), Russian gets the categories it needs.
    const filled = text(
      stringsdictFormat.render(EN, new Map([['plural.count.media|media_count', media]]), {
        targetLang: 'ru',
      }),
    );
    const again = stringsdictFormat
      .parse(new TextEncoder().encode(filled))
      .find((u) => u.id === 'plural.count.media|media_count');
    expect(Object.keys(again!.sourcePlural!).sort()).toEqual(['few', 'many', 'one', 'other']);
  });
});
