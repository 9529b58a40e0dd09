/**
 * A unit a reader leaves out on purpose is never deleted from a target, and a message the format's
 * own tool reads is never left out (issue 34, findings 1 and 9).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { androidFormat } from '../../src/formats/android/index.ts';
import { arbFormat } from '../../src/formats/arb/index.ts';
import { targetTranslations } from '../../src/formats/target.ts';
import { planTarget } from '../../src/translations/target-plan.ts';
import { writeTarget } from '../../src/translations/write-target.ts';

const read = (path: string) => new Uint8Array(readFileSync(path));
const enc = (s: string) => new TextEncoder().encode(s);

describe('a sync over a Flutter app whose @key objects say "type": "String"', () => {
  const source = read('test/fixtures/arb/typed_en.arb');
  const target = read('test/fixtures/arb/typed_ru.arb');
  const units = arbFormat.parse(source, { fileName: 'intl_en.arb' });
  const existing = targetTranslations(arbFormat, target, 'ru', { fileName: 'intl_ru.arb' });
  const plan = planTarget(units, existing, undefined);

  it('keeps and teaches every Russian translation, and removes none', () => {
    expect(plan.remove.size).toBe(0);
    expect(plan.teach.map((t) => t.id)).toEqual([
      'about',
      'autoplayImages',
      'badServerLoginTypesException',
      'cantOpenUri',
      'commandHint_ban',
      'commandInvalid',
    ]);
  });

  it('translates every message the target lacks, "type": "String" or not, but not the image', () => {
    expect([...plan.translate.keys()]).toEqual([
      'alwaysUse24HourFormat',
      'repeatPassword',
      'remove',
      'aboutHomeserver',
      'acceptedTheInvitation',
      'countChatsAndCountParticipants',
      'noMoreChatsFound',
    ]);
  });

  it('writes the missing messages and keeps every byte people wrote, the image path included', () => {
    const set = new Map([...plan.translate.keys()].map((id) => [id, `ru:${id}`]));
    const out = writeTarget(
      {
        format: arbFormat,
        lang: 'ru',
        path: 'intl_ru.arb',
        source: { bytes: source, units },
        bytes: target,
        plan,
      },
      set,
    );
    const written = JSON.parse(new TextDecoder().decode(out));
    const before = JSON.parse(new TextDecoder().decode(target));
    for (const [key, value] of Object.entries(before)) expect(written[key]).toEqual(value);
    for (const id of set.keys()) expect(written[id]).toBe(`ru:${id}`);
    expect(written.appLogo).toBe('assets/logo_ru.png');
  });
});

describe('a sync over Android resources with translatable="false" strings', () => {
  const source = read('test/fixtures/android/newpipe_strings.xml');
  const units = androidFormat.parse(source, { fileName: 'res/values/strings.xml' });

  it('does not take out a copy people put in a target, nor send it', () => {
    const target = enc(
      '<resources>\n    <string name="app_name">NewPipe DE</string>\n    <string name="share_dialog_title">Teilen mit</string>\n</resources>\n',
    );
    const existing = targetTranslations(androidFormat, target, 'de');
    const plan = planTarget(units, existing, undefined);
    expect(plan.remove.size).toBe(0);
    expect(plan.translate.has('app_name')).toBe(false);
    const set = new Map([...plan.translate.keys()].map((id) => [id, `de:${id}`]));
    const out = new TextDecoder().decode(
      writeTarget(
        {
          format: androidFormat,
          lang: 'de',
          path: 'res/values-de/strings.xml',
          source: { bytes: source, units },
          bytes: target,
          plan,
        },
        set,
      ),
    );
    expect(out).toContain('<string name="app_name">NewPipe DE</string>');
    expect(out).not.toContain('build_flavor');
  });

  it('writes a new target without them', () => {
    const plan = planTarget(units, undefined, undefined);
    const set = new Map([...plan.translate.keys()].map((id) => [id, `de:${id}`]));
    const out = new TextDecoder().decode(
      writeTarget(
        {
          format: androidFormat,
          lang: 'de',
          path: 'res/values-de/strings.xml',
          source: { bytes: source, units },
          bytes: undefined,
          plan,
        },
        set,
      ),
    );
    expect(out).not.toMatch(/name="(app_name|build_flavor|service_names|kiosk_count)"/);
    expect(androidFormat.parse(enc(out)).map((u) => u.id)).toEqual([...set.keys()]);
  });
});
