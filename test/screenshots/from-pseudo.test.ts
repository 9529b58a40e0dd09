/**
 * `screenshots upload --from-pseudo` without a browser: the text beside each PNG, marked as
 * `pseudo --mark-keys` marks it, becomes the manifest; every way the folder can be wrong is named.
 * (The real screen: test/screenshots/from-pseudo-browser.test.ts.)
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.ts';
import { pseudoText } from '../../src/pseudo/index.ts';
import { markText, openMarker } from '../../src/pseudo/markers.ts';
import { pseudoProfile } from '../../src/pseudo/profiles.ts';
import {
  imageBox,
  manifestYaml,
  readPseudoScreenshotFolder,
  sourceUnitIds,
} from '../../src/screenshots/from-pseudo.ts';
import { ScreenshotFolderError } from '../../src/screenshots/local.ts';
import { parseManifest } from '../../src/screenshots/manifest.ts';
import { makePng } from '../support/png.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shots-pseudo-'));
  return () => rm(dir, { recursive: true, force: true });
});

const put = async (path: string, content: string | Buffer) => {
  await mkdir(dirname(join(dir, path)), { recursive: true });
  await writeFile(join(dir, path), content);
};

const en = pseudoProfile('en-XA');
/** A text as the pseudo build shows it: pseudo, marked with its key. */
const shown = (key: string, text: string) => markText(key, pseudoText(text, { profile: en, syntaxes: [] }));

const LONG = 'By signing in you accept the terms of service and the privacy policy of Acme Inc.';
const KEYS = new Set(['home.title', 'home.subtitle', 'cart.checkout', 'nested', LONG]);

/** The problems of a folder that must fail. */
async function problems(keys = KEYS): Promise<string[]> {
  const error = await readPseudoScreenshotFolder(dir, { keys }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ScreenshotFolderError);
  return (error as ScreenshotFolderError).problems;
}

describe('readPseudoScreenshotFolder', () => {
  it('NAME.txt gives the keys on screen, without boxes; hard-coded text is ignored', async () => {
    await put('home.png', makePng(40, 30));
    await put(
      'home.txt',
      `Acme\n${shown('home.title', 'Welcome')}\n${shown('home.subtitle', 'Shop now')} (beta)\n${shown('home.title', 'Welcome')}`,
    );
    const read = await readPseudoScreenshotFolder(dir, { keys: KEYS });
    expect(read.manifest).toEqual(new Map([['home.png', [{ key: 'home.subtitle' }, { key: 'home.title' }]]]));
    expect(read.screenshots.map((s) => [s.path, s.width, s.height, s.keys])).toEqual([
      ['home.png', 40, 30, [{ key: 'home.subtitle' }, { key: 'home.title' }]],
    ]);
    expect(read.warnings).toEqual([]);
    expect(read.notes).toEqual([]);
  });

  it('NAME.json gives each key the box of the innermost element showing it', async () => {
    await put('cart/page.png', makePng(300, 200));
    const checkout = shown('cart.checkout', 'Checkout');
    const nested = markText('nested', `[See ${checkout} o]`);
    await put(
      'cart/page.json',
      JSON.stringify([
        // The page, then a section, then the elements: every key is in the outer ones too.
        {
          text: `${shown('home.title', 'Cart')}\n${checkout}\n${nested}`,
          box: { x: 0, y: 0, w: 300, h: 200 },
        },
        { text: `${checkout}\n${nested}`, box: { x: 0, y: 40, w: 300, h: 160 } },
        { text: shown('home.title', 'Cart'), box: { x: 10.4, y: 5.6, w: 80.2, h: 20 } },
        { text: checkout, box: { x: 10, y: 50, w: 90, h: 24 } },
        // The nested key is inside `nested`'s text here: its own button above wins.
        { text: nested, box: { x: 10, y: 100, w: 200, h: 24 }, role: 'paragraph' },
      ]),
    );
    const read = await readPseudoScreenshotFolder(dir, { keys: KEYS });
    expect(read.manifest.get('cart/page.png')).toEqual([
      { key: 'cart.checkout', box: { x: 10, y: 50, w: 90, h: 24 } },
      // Rounded outwards: 10.4 → 10, 5.6 + 20 = 25.6 → 26.
      { key: 'home.title', box: { x: 10, y: 5, w: 81, h: 21 } },
      { key: 'nested', box: { x: 10, y: 100, w: 200, h: 24 } },
    ]);
    expect(read.notes).toEqual([
      'cart/page.json: key "cart.checkout" is shown in 2 places; the box given is the one at x 10, y 50 (its own text, else the first)',
    ]);
  });

  it('a key nested in another text in the same element gets that element; a box is cut to the image', async () => {
    await put('a.png', makePng(100, 50));
    await put(
      'a.json',
      JSON.stringify([
        {
          text: markText('nested', `[See ${shown('cart.checkout', 'Checkout')} o]`),
          box: { x: -5, y: 40, w: 300, h: 30 },
        },
        { text: shown('home.title', 'Away'), box: { x: 0, y: 900, w: 50, h: 20 } },
        { text: shown('home.subtitle', 'Hidden'), box: null },
      ]),
    );
    const read = await readPseudoScreenshotFolder(dir, { keys: KEYS });
    expect(read.manifest.get('a.png')).toEqual([
      { key: 'cart.checkout', box: { x: 0, y: 40, w: 100, h: 10 } },
      { key: 'home.subtitle' },
      { key: 'nested', box: { x: 0, y: 40, w: 100, h: 10 } },
    ]);
    expect(read.notes).toEqual([
      'a.json: 1 element(s) with markers lie outside the 100×50 image; their keys are not counted from them',
    ]);
  });

  it('a key shown in two places keeps the first box, and says so', async () => {
    await put('b.png', makePng(100, 100));
    await put(
      'b.json',
      JSON.stringify([
        { text: shown('home.title', 'Top'), box: { x: 0, y: 0, w: 50, h: 10 } },
        { text: shown('home.title', 'Top'), box: { x: 0, y: 80, w: 50, h: 10 } },
      ]),
    );
    const read = await readPseudoScreenshotFolder(dir, { keys: KEYS });
    expect(read.manifest.get('b.png')).toEqual([{ key: 'home.title', box: { x: 0, y: 0, w: 50, h: 10 } }]);
    expect(read.notes).toEqual([
      'b.json: key "home.title" is shown in 2 places; the box given is the one at x 0, y 0 (its own text, else the first)',
    ]);
  });

  it("long keys resolve from their digest among the sources' keys; unknown keys are warned about", async () => {
    await put('legal.png', makePng(20, 20));
    const digestOnly = `${openMarker('x'.repeat(80))}text\u2061`;
    await put('legal.txt', `${shown(LONG, 'Terms')} ${shown('old.key', 'Gone')} ${digestOnly}`);
    const read = await readPseudoScreenshotFolder(dir, { keys: KEYS });
    expect(read.manifest.get('legal.png')).toEqual([{ key: LONG }, { key: 'old.key' }]);
    expect(read.warnings).toEqual([
      expect.stringMatching(
        /^legal\.txt: a long key \(digest [0-9a-f]{16}\) is no unit of the configured sources; left out \(was the pseudo build made from other sources\?\)$/,
      ),
      'legal.txt: key "old.key" is no unit of the configured sources; uploaded as read',
    ]);
  });

  it('a text cut off on screen still counts its key, with a note', async () => {
    await put('cut.png', makePng(20, 20));
    const full = shown('home.subtitle', 'A long subtitle');
    await put('cut.txt', `${full.slice(0, full.length - 6)}…\n${shown('home.title', 'T')}`);
    const read = await readPseudoScreenshotFolder(dir, { keys: KEYS });
    expect(read.manifest.get('cut.png')).toEqual([{ key: 'home.subtitle' }, { key: 'home.title' }]);
    expect(read.notes).toEqual([
      'cut.txt: the text of key "home.subtitle" is cut off on screen (its end marker is missing); the key is counted',
    ]);
  });

  it('names every problem of the folder at once, each with its file', async () => {
    await put('no-text.png', makePng(10, 10));
    await put('plain.png', makePng(10, 10));
    await put('plain.txt', 'Welcome\nShop now');
    await put('broken.png', makePng(10, 10));
    await put('broken.json', '[{"text": "a",]');
    await put('shape.png', makePng(10, 10));
    await put(
      'shape.json',
      JSON.stringify([{ text: 'a', box: { x: 0, y: 0, w: -1, h: 2 } }, { label: 'b' }]),
    );
    await put('twice.png', makePng(10, 10));
    await put('twice.txt', shown('home.title', 'x'));
    await put('twice.json', '[]');
    await put('stranger.png', makePng(10, 10));
    await put('stranger.txt', `${openMarker('y'.repeat(70))}text\u2061`);
    await put('far.png', makePng(10, 10));
    await put(
      'far.json',
      JSON.stringify([{ text: shown('home.title', 'x'), box: { x: 20, y: 0, w: 5, h: 5 } }]),
    );
    await put('bad.png', 'not a png');
    await put('bad.txt', shown('home.title', 'x'));
    await put('screenshots.yml', 'home.png: [home.title]\n');
    expect((await problems()).sort()).toEqual(
      [
        "screenshots.yml: a manifest, but --from-pseudo reads each PNG's keys from its NAME.txt or NAME.json; remove the manifest or drop --from-pseudo",
        'no-text.png: no no-text.txt or no-text.json beside it with the text that was on screen (see the README: screenshots from a pseudo build)',
        'plain.txt: carries no key marker: the screenshot was not taken of a pseudo build made with `svc-connector pseudo --mark-keys` (or the text dump dropped the invisible characters)',
        'broken.json: is not valid JSON: Expected double-quoted property name in JSON at position 14 (line 1 column 15)',
        'shape.json: [0].box.w: must not be negative',
        'shape.json: [1].text: must be the text the element shows',
        'twice.png: both twice.txt and twice.json beside it; keep one',
        'stranger.txt: none of the keys it carries is a unit of the configured sources',
        'far.json: no element carrying a key lies inside the 10×10 image (are the boxes in image pixels?)',
        'bad.png is not a PNG image (the PNG signature is missing)',
      ].sort(),
    );
  });

  it('a JSON that is not a list, and a text file without its PNG', async () => {
    await put('x.png', makePng(10, 10));
    await put('x.json', '{"text": "a"}');
    await put('notes.txt', 'hello');
    expect(await problems()).toEqual([
      'x.json: must be an array of { "text", "box" } (one per element on screen)',
    ]);
    await put('x.json', JSON.stringify([{ text: shown('home.title', 'x') }]));
    const read = await readPseudoScreenshotFolder(dir, { keys: KEYS });
    expect(read.manifest.get('x.png')).toEqual([{ key: 'home.title' }]);
    expect(read.warnings).toEqual(['notes.txt: no PNG of the same name beside it; ignored']);
  });
});

describe('the derived manifest', () => {
  it('prints as screenshots.yml that reads back the same', () => {
    const manifest = new Map([
      [
        'settings/general.png',
        [{ key: 'settings.nav' }, { key: 'settings.tabs.general', box: { x: 24, y: 80, w: 120, h: 32 } }],
      ],
      ['home page.png', [{ key: LONG }, { key: 'yes' }, { key: 'a: "b"\n' }]],
    ]);
    const yaml = manifestYaml(manifest);
    expect(yaml).toBe(`"home page.png":
  - "${LONG}"
  - "yes"
  - "a: \\"b\\"\\n"
settings/general.png:
  - settings.nav
  - key: settings.tabs.general
    box: { x: 24, y: 80, w: 120, h: 32 }
`);
    expect(parseManifest('screenshots.yml', yaml)).toEqual(manifest);
  });

  it('imageBox rounds outwards and keeps what lies inside the image', () => {
    const size = { width: 100, height: 50 };
    expect(imageBox({ x: 1.5, y: 2.5, w: 10, h: 10 }, size)).toEqual({ x: 1, y: 2, w: 11, h: 11 });
    expect(imageBox({ x: 90, y: 45, w: 20, h: 20 }, size)).toEqual({ x: 90, y: 45, w: 10, h: 5 });
    expect(imageBox({ x: 100, y: 0, w: 20, h: 20 }, size)).toBeUndefined();
    expect(imageBox({ x: 10, y: 10, w: 0, h: 20 }, size)).toBeUndefined();
  });
});

describe('sourceUnitIds', () => {
  it('reads the unit ids of the configured sources', async () => {
    await put('locales/en.json', JSON.stringify({ home: { title: 'Welcome' }, legal: LONG }));
    const config = loadConfig(
      'source: en\ntargets: [de]\nfiles:\n  - source: locales/en.json\n    translation: locales/%lang%.json\n',
    );
    const { keys, warnings } = await sourceUnitIds(dir, config);
    expect([...keys].sort()).toEqual(['home.title', 'legal']);
    expect(warnings).toEqual([]);
  });
});
