/**
 * ARB read by a second reader that follows Flutter's gen-l10n (issue 34, build item 2): no Dart
 * toolchain installs here, so the rules are those of flutter_tools'
 * lib/src/localizations/gen_l10n_types.dart — AppResourceBundle and Message:
 * - the file is `json.decode`d (RFC 8259; a repeated key's last value wins, as with JSON.parse,
 *   and so does a repeated `@key`: gallery-duplicate-key_en.arb and _de.arb are cut from
 *   flutter/gallery@cfcb9dbda56697fe8bafe4b64c1a9261dde908ae, lib/l10n/intl_en.arb lines 2725 and
 *   2757 and intl_de.arb);
 * - every key that does not start with `@` is a message (`resourceIds`); `@key` is its metadata
 *   (a map when present), `@@locale` and other `@@` keys are the file's; `type` is never read;
 * - a message's value must be a string (`Message._value`: "The value of … is not a string");
 * - `@@locale` must match the locale the file name ends with (`app_pt_BR.arb` → `pt_BR`).
 * What we leave out on purpose is checked against the same reading: a message whose `@key.type`
 * is the ARB spec's `image` or `css`, and nothing else.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { arbFormat } from '../../src/formats/arb/index.ts';
import { editTarget, newTarget, targetTranslations } from '../../src/formats/target.ts';
import { genL10n, notText } from '../support/oracles/arb.ts';

const dir = 'test/fixtures/arb';
const fixtures = readdirSync(dir).filter((f) => f.endsWith('.arb'));

/** A translation that keeps an ICU message valid: text appended after the whole message. */
const translate = (text: string, lang: string) => `${text} [${lang}: “ü” \\ "q" \n]`;

describe('arb: a gen-l10n reader as the oracle', () => {
  for (const fixture of fixtures) {
    const bytes = new Uint8Array(readFileSync(join(dir, fixture)));
    const units = arbFormat.parse(bytes, { fileName: fixture });

    it(`${fixture}: our units are gen-l10n's messages with the same text; only image and css are left out`, () => {
      const { messages } = genL10n(bytes);
      // A repeated key (gallery-duplicate-key_en.arb) is one message, the last copy's text.
      const ours = units;
      expect(new Map(ours.map((u) => [u.id, u.source]))).toEqual(
        new Map([...messages].map(([id, m]) => [id, m.value])),
      );
      expect(ours.filter((u) => !u.translatable).map((u) => u.id)).toEqual(
        [...messages].filter(([, m]) => notText(m)).map(([id]) => id),
      );
    });

    for (const lang of ['de', 'pt-BR']) {
      it(`${fixture}: a new ${lang} file we write is read by gen-l10n as the texts we meant`, () => {
        const set = new Map(
          units.filter((u) => u.translatable).map((u) => [u.id, translate(u.source, lang)]),
        );
        const out = newTarget(arbFormat, bytes, set, { targetLang: lang, fileName: `app_${lang}.arb` });
        const { messages, locale } = genL10n(out);
        for (const u of units) expect(messages.get(u.id)?.value).toBe(set.get(u.id) ?? u.source);
        const source = genL10n(bytes).locale;
        // gen-l10n: `@@locale` must equal the locale of the file name, spelled with underscores.
        if (source !== undefined && !source.includes('-')) expect(locale).toBe(lang.replace('-', '_'));
      });
    }
  }

  it("keeps people's Russian file as gen-l10n reads it and adds what it lacks", () => {
    const source = new Uint8Array(readFileSync(join(dir, 'typed_en.arb')));
    const target = new Uint8Array(readFileSync(join(dir, 'typed_ru.arb')));
    const held = targetTranslations(arbFormat, target, 'ru');
    const missing = arbFormat.parse(source).filter((u) => u.translatable && !held.has(u.id));
    const set = new Map(missing.map((u) => [u.id, translate(u.source, 'ru')]));
    const out = editTarget(arbFormat, target, { source, set, remove: new Set() }, { targetLang: 'ru' });
    const before = genL10n(target).messages;
    const after = genL10n(out).messages;
    for (const [id, m] of before) expect(after.get(id)?.value).toBe(m.value);
    for (const [id, text] of set) expect(after.get(id)?.value).toBe(text);
    expect(set.has('remove')).toBe(true);
    expect(set.has('appLogo')).toBe(false);
  });
});
