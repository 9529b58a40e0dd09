/**
 * The floor "a format does not import another format's folder" (issue 35): a format is a folder
 * `src/formats/<format>/` whose index.ts src/formats/registry.ts imports. A module in it imports,
 * inside src/formats/, only from its own folder, src/formats/kit/** (pieces any format may use,
 * kit/README.md), src/formats/placeholders/** and the top-level src/formats/*.ts modules; kit/ and
 * placeholders/ import no format's folder. A piece two formats share moves to kit/, named for what
 * it does in any format, so adding a format never means importing another one.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { type Breach, findImports, sourceFiles } from '../check-floors.ts';

const FORMATS_DIR = 'src/formats';
/** The shared folders of src/formats/ that every format may import. */
export const SHARED_FORMAT_DIRS = ['kit', 'placeholders'] as const;

const RULE =
  'a format imports only its own folder, src/formats/kit/, src/formats/placeholders/ and src/formats/*.ts; a piece formats share lives in kit/';
const SHARED_RULE = "kit/ and placeholders/ are for any format: they import no format's folder";

/** The format folders under `root`: those whose index.ts src/formats/registry.ts imports. */
export function formatFolders(root: string): Set<string> {
  let text: string;
  try {
    text = readFileSync(join(root, FORMATS_DIR, 'registry.ts'), 'utf8');
  } catch {
    return new Set(); // a tree without a registry
  }
  const folders = new Set<string>();
  for (const { specifier } of findImports(text)) {
    const m = specifier && /^\.\/([^/]+)\/index\.ts$/.exec(specifier);
    if (m) folders.add(m[1] as string);
  }
  return folders;
}

/** The first folder under src/formats/ that `file` lies in ('' for a top-level module, undefined outside). */
function folderOf(file: string): string | undefined {
  if (!file.startsWith(`${FORMATS_DIR}/`)) return undefined;
  const rest = file.slice(FORMATS_DIR.length + 1);
  const slash = rest.indexOf('/');
  return slash === -1 ? '' : rest.slice(0, slash);
}

/** Every import under `root`/src/formats/ that crosses from one format's folder into another folder. */
export function checkFormatFolders(root: string): Breach[] {
  const formats = formatFolders(root);
  const shared = new Set<string>(SHARED_FORMAT_DIRS);
  const breaches: Breach[] = [];
  for (const path of sourceFiles(join(root, FORMATS_DIR))) {
    const file = relative(root, path).split(sep).join('/');
    const from = folderOf(file);
    const isFormat = from !== undefined && formats.has(from);
    const isShared = from !== undefined && shared.has(from);
    if (!isFormat && !isShared) continue;
    for (const site of findImports(readFileSync(path, 'utf8'))) {
      if (!site.specifier?.startsWith('.')) continue;
      const target = relative(root, resolve(dirname(path), site.specifier))
        .split(sep)
        .join('/');
      const to = folderOf(target);
      if (to === undefined || to === '' || to === from) continue;
      if (isFormat && !shared.has(to)) breaches.push({ file, line: site.line, target, rule: RULE });
      if (isShared && formats.has(to)) breaches.push({ file, line: site.line, target, rule: SHARED_RULE });
    }
  }
  return breaches;
}
