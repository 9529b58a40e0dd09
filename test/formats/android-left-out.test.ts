/**
 * Android resources the default resources keep to themselves (issue 34, finding 9): read with
 * their reason, never copied into a language's file, and never taken out of one.
 */
import { describe, expect, it } from 'vitest';
import { androidFormat } from '../../src/formats/android/index.ts';
import { leftOutOf } from '../../src/formats/left-out.ts';
import { editTarget, newTarget } from '../../src/formats/target.ts';
import { dec, enc, read, res } from './android-support.ts';

const parse = (xml: string, fileName?: string) =>
  androidFormat.parse(enc(xml), fileName ? { fileName } : {}).map((u) => [u.id, u.translatable, u.leftOut]);

describe('android: units left out on purpose', () => {
  it('reads translatable="false" on a string, an array and plurals (any case, as aapt2 reads booleans) with its reason', () => {
    const units = androidFormat.parse(read('newpipe_strings.xml'), { fileName: 'res/values/strings.xml' });
    const left = leftOutOf(units);
    expect(left.map((l) => [l.reason, l.ids])).toEqual([
      [
        'translatable="false"',
        ['app_name', 'build_flavor', 'service_names[0]', 'service_names[1]', 'kiosk_count'],
      ],
    ]);
    expect(units.filter((u) => u.translatable)).toHaveLength(10);
  });

  it('reads a root tools:ignore="MissingTranslation" as translatable: it only silences Lint', () => {
    const units = androidFormat.parse(read('newpipe_strings.xml'));
    expect(units.find((u) => u.id === 'main_bg_subtitle')?.translatable).toBe(true);
  });

  it('leaves out every resource of a file whose name includes donottranslate, unless one says translatable="true"', () => {
    const xml = res('  <string name="a">A</string>\n  <string name="b" translatable="true">B</string>');
    expect(parse(xml, 'app/src/main/res/values/donottranslate.xml')).toEqual([
      ['a', false, 'in a donottranslate file (every string in it is untranslatable)'],
      ['b', true, undefined],
    ]);
    expect(parse(xml, 'values/donottranslate-cldr.xml')[0]).toEqual([
      'a',
      false,
      'in a donottranslate file (every string in it is untranslatable)',
    ]);
    expect(parse(xml, 'values/strings.xml')[0]).toEqual(['a', true, undefined]);
    const newpipe = androidFormat.parse(read('donottranslate.xml'), {
      fileName: 'values/donottranslate.xml',
    });
    expect(newpipe.filter((u) => u.translatable).map((u) => u.id)).toEqual(['guru_meditation_hint']);
    expect(leftOutOf(newpipe).map((l) => [l.reason, l.count])).toEqual([
      ['in a donottranslate file (every string in it is untranslatable)', 7],
      ['translatable="false"', 1],
    ]);
  });

  it('leaves out every resource of <resources translatable="false"> (Lint: a non-translatable folder)', () => {
    expect(parse('<resources translatable="false">\n  <string name="a">A</string>\n</resources>\n')).toEqual([
      ['a', false, '<resources translatable="false">'],
    ]);
  });

  it('gives references their own reason', () => {
    expect(parse(res('  <string name="r">@string/app_name</string>'))).toEqual([
      ['r', false, 'a reference to another resource'],
    ]);
  });
});

describe('android: a new target holds no copy of what the default resources keep', () => {
  const source = read('newpipe_strings.xml');
  const translations = new Map([
    ['main_bg_subtitle', 'Tippe auf die Lupe, um loszulegen.'],
    ['share_dialog_title', 'Teilen mit'],
  ]);

  it('leaves out translatable="false" resources with the comment above them, and keeps everything else', () => {
    const out = dec(newTarget(androidFormat, source, translations, { targetLang: 'de' }));
    for (const name of ['app_name', 'build_flavor', 'service_names', 'kiosk_count', 'Shown in the about'])
      expect(out).not.toContain(name);
    const units = new Map(androidFormat.parse(enc(out)).map((u) => [u.id, u]));
    expect(units.get('main_bg_subtitle')?.source).toBe('Tippe auf die Lupe, um loszulegen.');
    expect(units.get('share_dialog_title')?.source).toBe('Teilen mit');
    expect(units.get('did_you_mean')?.source).toBe('Did you mean "%1$s"?');
    expect([...units.keys()]).toHaveLength(10);
  });

  it('keeps references in a new target (a copy of one is harmless) and renders like render without left-out resources', () => {
    const xml = res('  <string name="r">@string/t</string>\n  <string name="t">T</string>');
    expect(dec(newTarget(androidFormat, enc(xml), new Map([['t', 'U']]), { targetLang: 'de' }))).toBe(
      res('  <string name="r">@string/t</string>\n  <string name="t">U</string>'),
    );
  });

  it('never takes out or changes a copy a target already holds, and never adds one', () => {
    const target = enc(
      res(
        '    <string name="app_name" translatable="false">NewPipe</string>\n    <string name="main_bg_subtitle">Tippe.</string>',
      ),
    );
    const out = dec(
      editTarget(
        androidFormat,
        target,
        { source, set: new Map([['share_dialog_title', 'Teilen mit']]), remove: new Set() },
        { targetLang: 'de' },
      ),
    );
    expect(out).toContain('<string name="app_name" translatable="false">NewPipe</string>');
    expect(out).toContain('<string name="share_dialog_title">Teilen mit</string>');
    expect(out).not.toContain('build_flavor');
  });
});
