/**
 * Screenshots whose keys come from the screen itself (`screenshots upload DIR --from-pseudo`,
 * issue 38 items 4 and 6). The app's UI test runs a pseudo build made with
 * `svc-connector pseudo --mark-keys`, and beside each `NAME.png` it saves the text that was on
 * screen when the picture was taken:
 *
 * - `NAME.txt`: the text (`document.body.innerText`, an accessibility dump): the keys it carries;
 * - `NAME.json`: `[{ "text": "…", "box": { "x", "y", "w", "h" } }, …]`, each visible element's
 *   text and bounding box in image pixels (Playwright's `boundingBox()`, Espresso's
 *   `getGlobalVisibleRect`, XCUITest's `frame`): the keys with the box of the element showing each.
 *
 * The markers are decoded (decodeMarkedText) against the unit ids of the configured sources, so a
 * long key carried as a digest resolves; the result is the manifest a person would have written,
 * checked and uploaded by the same code (local.ts, upload.ts).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { glob } from 'tinyglobby';
import { z } from 'zod';
import { type Box, MAX_SCREENSHOT_KEYS, type ScreenshotKey } from '../api/schemas/file-context.ts';
import { discoverSourceFilesOnDisk, type SvcConfig } from '../config/index.ts';
import { FormatError } from '../formats/errors.ts';
import { detectFormat, formatByName } from '../formats/registry.ts';
import { decodeMarkedText, type MarkedText } from '../pseudo/markers.ts';
import { type LocalScreenshot, loadScreenshots } from './local.ts';
import { MANIFEST_NAMES } from './manifest.ts';
import { type PngSize, readPng } from './png.ts';

/** What was read from the folder: the screenshots, the manifest they make, and what to tell. */
export interface PseudoScreenshots {
  screenshots: LocalScreenshot[];
  /** PNG path → keys (sorted), as screenshots.yml would list them. */
  manifest: Map<string, ScreenshotKey[]>;
  /** Something is probably wrong (a key no source has, a text file with no PNG), each naming its file. */
  warnings: string[];
  /** Worth knowing, nothing wrong (a text cut off on screen, a key shown in several places). */
  notes: string[];
}

export interface PseudoFolderOptions {
  /** The unit ids of the configured sources: long keys (digests) resolve among them, others are checked. */
  keys: ReadonlySet<string>;
}

const Num = z.number({ error: 'must be a number' }).finite();
const Element = z.object(
  {
    text: z.string({ error: 'must be the text the element shows' }),
    box: z
      .object(
        { x: Num, y: Num, w: Num.min(0, 'must not be negative'), h: Num.min(0, 'must not be negative') },
        { error: 'must be { x, y, w, h } in image pixels' },
      )
      .nullish(),
  },
  { error: 'must be { "text": "…", "box": { x, y, w, h } }' },
);
const Elements = z.array(Element, {
  error: 'must be an array of { "text", "box" } (one per element on screen)',
});
type Element = z.infer<typeof Element>;

const where = (path: readonly PropertyKey[]) =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('');

/**
 * A box in image pixels as UI tests report it (fractional, maybe off the edge), rounded outwards
 * to whole pixels and cut to the image; undefined
 * when nothing of it is inside the image (the element was scrolled away or has no size).
 */
export function imageBox(
  box: { x: number; y: number; w: number; h: number },
  size: PngSize,
): Box | undefined {
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(size.width, Math.ceil(box.x + box.w));
  const y1 = Math.min(size.height, Math.ceil(box.y + box.h));
  if (x1 - x0 < 1 || y1 - y0 < 1) return undefined;
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

const area = (b: Box) => b.w * b.h;
const inside = (a: Box, b: Box) =>
  a.x >= b.x && a.y >= b.y && a.x + a.w <= b.x + b.w && a.y + a.h <= b.y + b.h;
const sameBox = (a: Box, b: Box) => a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;

/** One element a key was read in: its box, and whether the key is the element's own text. */
interface Sighting {
  box: Box | undefined;
  /** Not inside another key's text in that element (a nested `$t(…)` is the other's text too). */
  own: boolean;
  complete: boolean;
}

/** Opening or closing marker (the shapes markers.ts writes). */
const MARKER = /\u2063(?:\u2062|\u200c|\u200d|\u2060)+\u2064|\u2061/g;

/** How deep each marked text of `text` opens (0: not inside another), in the order they open. */
function depths(text: string): number[] {
  const out: number[] = [];
  let depth = 0;
  for (const [m] of text.matchAll(MARKER)) {
    if (m !== '\u2061') out.push(depth++);
    else if (depth > 0) depth--;
  }
  return out;
}

/** Which keys an element's text carries, each once; `own` when one of its texts is not inside another key's. */
function keysIn(
  text: string,
  found: readonly MarkedText[],
): Map<string, { own: boolean; complete: boolean; digest: boolean }> {
  const out = new Map<string, { own: boolean; complete: boolean; digest: boolean }>();
  const depth = depths(text);
  // A malformed marker decodeMarkedText skipped would shift the depths: then every text counts as its own.
  const trusted = depth.length === found.length;
  found.forEach((f, i) => {
    const own = !trusted || depth[i] === 0;
    const was = out.get(f.key);
    out.set(f.key, {
      own: (was?.own ?? false) || own,
      complete: (was?.complete ?? false) || f.complete,
      digest: f.digest === true,
    });
  });
  return out;
}

/**
 * The box a key gets from the elements it was read in: the innermost (no other sighting's box
 * lies inside it), its own text before a text it is nested in, then the first on screen.
 */
function pickBox(sightings: Sighting[]): { box: Box | undefined; places: number } {
  const boxed = sightings.filter((s): s is Sighting & { box: Box } => s.box !== undefined);
  if (boxed.length === 0) return { box: undefined, places: 0 };
  const innermost = boxed.filter(
    (s) => !boxed.some((o) => !sameBox(o.box, s.box) && inside(o.box, s.box) && area(o.box) < area(s.box)),
  );
  const best = innermost.find((s) => s.own) ?? innermost[0]!;
  // Places on screen: innermost boxes that are not one another's.
  const places: Box[] = [];
  for (const s of innermost) if (!places.some((b) => sameBox(b, s.box))) places.push(s.box);
  return { box: best.box, places: places.length };
}

const baseName = (png: string) => png.slice(0, -'.png'.length);

/**
 * Reads DIR's PNG files and the pseudo text beside each, and checks them; every problem is
 * collected and thrown at once (ScreenshotFolderError), as for a manifest.
 */
export async function readPseudoScreenshotFolder(
  dir: string,
  options: PseudoFolderOptions,
): Promise<PseudoScreenshots> {
  const found = await glob(['**/*'], {
    cwd: dir,
    dot: false,
    onlyFiles: true,
    followSymbolicLinks: false,
    ignore: ['**/node_modules/**'],
  });
  const files = new Set(found);
  const pngs = found.filter((p) => p.toLowerCase().endsWith('.png')).sort();
  const problems: string[] = [];
  const warnings: string[] = [];
  const notes: string[] = [];
  const sidecars = new Set<string>();
  for (const png of pngs)
    for (const ext of ['.txt', '.json'])
      if (files.has(baseName(png) + ext)) sidecars.add(baseName(png) + ext);
  for (const name of MANIFEST_NAMES)
    if (files.has(name) && !sidecars.has(name))
      problems.push(
        `${name}: a manifest, but --from-pseudo reads each PNG's keys from its NAME.txt or NAME.json; remove the manifest or drop --from-pseudo`,
      );
  for (const f of found)
    if (/\.(txt|json)$/i.test(f) && !sidecars.has(f) && !(MANIFEST_NAMES as readonly string[]).includes(f))
      warnings.push(`${f}: no PNG of the same name beside it; ignored`);
  if (pngs.length === 0)
    warnings.push(
      'no PNG file in the folder: every screenshot of this repository on the platform is removed',
    );

  const manifest = new Map<string, ScreenshotKey[]>();
  for (const png of pngs) {
    const txt = `${baseName(png)}.txt`;
    const json = `${baseName(png)}.json`;
    const has = [txt, json].filter((f) => files.has(f));
    if (has.length === 0) {
      problems.push(
        `${png}: no ${txt} or ${json} beside it with the text that was on screen (see the README: screenshots from a pseudo build)`,
      );
      continue;
    }
    if (has.length === 2) {
      problems.push(`${png}: both ${txt} and ${json} beside it; keep one`);
      continue;
    }
    const sidecar = has[0]!;
    const content = await readFile(join(dir, sidecar), 'utf8');
    let elements: Element[];
    if (sidecar === txt) elements = [{ text: content }];
    else {
      let data: unknown;
      try {
        data = JSON.parse(content);
      } catch (error) {
        problems.push(`${sidecar}: is not valid JSON: ${(error as Error).message}`);
        continue;
      }
      const parsed = Elements.safeParse(data);
      if (!parsed.success) {
        problems.push(
          ...parsed.error.issues
            .slice(0, 5)
            .map((i) => `${sidecar}: ${i.path.length > 0 ? `${where(i.path)}: ` : ''}${i.message}`),
        );
        continue;
      }
      elements = parsed.data;
    }
    // The image's size, for boxes: a broken PNG is reported by loadScreenshots.
    const size = readPng(new Uint8Array(await readFile(join(dir, png))));
    const sightings = new Map<string, Sighting[]>();
    const unknown = new Set<string>();
    const cut = new Set<string>();
    let markers = 0;
    let offImage = 0;
    for (const element of elements) {
      const decoded = decodeMarkedText(element.text, { keys: options.keys });
      markers += decoded.length;
      if (decoded.length === 0) continue;
      let box: Box | undefined;
      if (element.box && !('problem' in size)) {
        box = imageBox(element.box, size);
        if (!box) {
          offImage++;
          continue; // its text is not in the picture
        }
      }
      for (const [key, k] of keysIn(element.text, decoded)) {
        if (key.startsWith('#') && k.digest) {
          unknown.add(key);
          continue;
        }
        const list = sightings.get(key) ?? [];
        list.push({ box, own: k.own, complete: k.complete });
        sightings.set(key, list);
      }
    }
    if (markers === 0) {
      problems.push(
        `${sidecar}: carries no key marker: the screenshot was not taken of a pseudo build made with \`svc-connector pseudo --mark-keys\` (or the text dump dropped the invisible characters)`,
      );
      continue;
    }
    for (const key of unknown)
      warnings.push(
        `${sidecar}: a long key (digest ${key.slice(1)}) is no unit of the configured sources; left out (was the pseudo build made from other sources?)`,
      );
    const keys: ScreenshotKey[] = [];
    for (const [key, seen] of sightings) {
      if (!options.keys.has(key))
        warnings.push(`${sidecar}: key "${key}" is no unit of the configured sources; uploaded as read`);
      if (seen.every((s) => !s.complete)) cut.add(key);
      const { box, places } = pickBox(seen);
      if (places > 1)
        notes.push(
          `${sidecar}: key "${key}" is shown in ${places} places; the box given is the one at x ${box!.x}, y ${box!.y} (its own text, else the first)`,
        );
      keys.push(box ? { key, box } : { key });
    }
    for (const key of cut)
      notes.push(
        `${sidecar}: the text of key "${key}" is cut off on screen (its end marker is missing); the key is counted`,
      );
    if (offImage > 0)
      notes.push(
        `${sidecar}: ${offImage} element(s) with markers lie outside the ${'problem' in size ? '' : `${size.width}×${size.height} `}image; their keys are not counted from them`,
      );
    if (keys.length === 0) {
      problems.push(
        offImage > 0 && !('problem' in size)
          ? `${sidecar}: no element carrying a key lies inside the ${size.width}×${size.height} image (are the boxes in image pixels?)`
          : `${sidecar}: none of the keys it carries is a unit of the configured sources`,
      );
      continue;
    }
    if (keys.length > MAX_SCREENSHOT_KEYS)
      problems.push(
        `${sidecar}: shows ${keys.length} keys, more than the ${MAX_SCREENSHOT_KEYS} a screenshot may name`,
      );
    manifest.set(
      png,
      keys.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)),
    );
  }
  const screenshots = await loadScreenshots(dir, manifest, problems);
  return { screenshots, manifest, warnings, notes };
}

/**
 * The unit ids of every configured source file, the keys a marker may stand for. A source no format
 * reads is named in `warnings` (its long keys will not resolve).
 */
export async function sourceUnitIds(
  root: string,
  config: SvcConfig,
  configFile = '.svc.yml',
): Promise<{ keys: Set<string>; warnings: string[] }> {
  const keys = new Set<string>();
  const warnings: string[] = [];
  for (const { entry, sources } of await discoverSourceFilesOnDisk(root, config, { fileName: configFile }))
    for (const path of sources) {
      const bytes = new Uint8Array(await readFile(join(root, path)));
      const format = entry.format ? formatByName(entry.format) : detectFormat(path, bytes);
      if (!format) {
        warnings.push(`${path}: no format reads this source; its keys are not known`);
        continue;
      }
      try {
        for (const unit of format.parse(bytes, { fileName: path })) keys.add(unit.id);
      } catch (error) {
        if (!(error instanceof FormatError)) throw error;
        warnings.push(`${path}: cannot be read (${error.message}); its keys are not known`);
      }
    }
  return { keys, warnings };
}

/** YAML scalar: plain when safe, else JSON's double-quoted form (valid YAML). */
function scalar(s: string): string {
  return /^[A-Za-z_][\w.\-/]*$/.test(s) && !/^(true|false|yes|no|on|off|null|y|n)$/i.test(s)
    ? s
    : JSON.stringify(s);
}

/** The manifest as screenshots.yml would hold it: what `--dry-run` prints, and a file to start from. */
export function manifestYaml(manifest: ReadonlyMap<string, readonly ScreenshotKey[]>): string {
  let out = '';
  for (const path of [...manifest.keys()].sort()) {
    out += `${scalar(path)}:\n`;
    for (const k of manifest.get(path)!)
      out += k.box
        ? `  - key: ${scalar(k.key)}\n    box: { x: ${k.box.x}, y: ${k.box.y}, w: ${k.box.w}, h: ${k.box.h} }\n`
        : `  - ${scalar(k.key)}\n`;
  }
  return out;
}
