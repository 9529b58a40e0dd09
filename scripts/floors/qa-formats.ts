/**
 * The floor "no module under src/qa/ names a format" (issue 35): QA reads what a format says about
 * itself (FormatModule's capabilities: where a unit's translation stands, its inline codes, its
 * message syntax, whether every plural form is required), so a new format gets every rule without
 * an edit here. Under src/qa/ no module imports from a format's folder (`src/formats/<format>/`,
 * the folders the registry takes formats from) and none compares with, switches on or collects a
 * format's name (`=== 'po'`, `case 'xliff12':`, `new Set(['arb'])`, `.includes('json')`).
 *
 * The check is lexical, over source with comments and strings blanked (`blank` in check-floors.ts).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { FORMATS } from '../../src/formats/registry.ts';
import { blank, findImports, sourceFiles } from '../check-floors.ts';

/** The names formats are known by. */
export const FORMAT_NAMES: ReadonlySet<string> = new Set(FORMATS.map((f) => f.name));

/** The folders under src/formats/ the registry takes a format from (`./po/index.ts` → `po`). */
export function formatFolders(root: string): Set<string> {
  const folders = new Set<string>();
  let registry: string;
  try {
    registry = readFileSync(join(root, 'src/formats/registry.ts'), 'utf8');
  } catch {
    return folders; // a tree without formats
  }
  for (const site of findImports(registry)) {
    const m = site.specifier && /^\.\/([\w-]+)\//.exec(site.specifier);
    if (m) folders.add(m[1]!);
  }
  return folders;
}

export interface NamedFormat {
  line: number;
  /** The format's name, or the format module imported. */
  what: string;
}

/** Code just before a literal that compares with it, switches on it or collects it into a set to look up. */
const USED_AS_NAME =
  /(?:[!=]==?|\bcase)\s*$|(?:\bnew\s+Set\s*\(\s*\[|\.(?:has|includes|indexOf)\s*\()[^;{}]*$/;
/** Code just after a literal that compares it with something. */
const COMPARED = /^\s*[!=]==?/;

/** Where `text` (a module of src/qa/, at `file`) names a format or imports from a format's folder. */
export function findFormatNames(
  text: string,
  file: string,
  folders: ReadonlySet<string>,
  names: ReadonlySet<string> = FORMAT_NAMES,
): NamedFormat[] {
  const { code, strings } = blank(text);
  const lineAt = (offset: number) => code.slice(0, offset).split('\n').length;
  const found: NamedFormat[] = [];
  for (const [quote, value] of strings) {
    if (!names.has(value)) continue;
    const before = code.slice(Math.max(0, quote - 80), quote);
    const after = code.slice(quote + value.length + 2, quote + value.length + 8);
    if (USED_AS_NAME.test(before) || COMPARED.test(after))
      found.push({ line: lineAt(quote), what: `'${value}'` });
  }
  for (const site of findImports(text)) {
    if (!site.specifier?.startsWith('.')) continue;
    const target = join(dirname(file), site.specifier).split(sep).join('/');
    const m = /^src\/formats\/([\w-]+)\//.exec(target);
    if (m && folders.has(m[1]!)) found.push({ line: site.line, what: target });
  }
  return found.sort((a, b) => a.line - b.line);
}

export interface QaFormatBreach extends NamedFormat {
  file: string;
}

/** Every format named under `root`/src/qa/. */
export function checkQaFormats(root: string): QaFormatBreach[] {
  const folders = formatFolders(root);
  const breaches: QaFormatBreach[] = [];
  for (const path of sourceFiles(join(root, 'src/qa'))) {
    const file = relative(root, resolve(path)).split(sep).join('/');
    for (const site of findFormatNames(readFileSync(path, 'utf8'), file, folders))
      breaches.push({ file, ...site });
  }
  return breaches;
}

/** `file:line: src/qa/ names no format (…; ask the FormatModule's capabilities)`. */
export function formatQaFormatBreach(b: QaFormatBreach): string {
  return `${b.file}:${b.line}: src/qa/ names no format (${b.what}; read what the format says of itself: FormatModule's capabilities)`;
}
