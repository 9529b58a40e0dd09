/**
 * `edit` for YAML string files (DESIGN §7): a sync's changes written into an existing target,
 * every other line as people wrote it.
 *
 * Three steps over one read of the target and one of the source (a 20,000-unit Rails file takes
 * the `yaml` package about a second to read): insertions and removals walk the tree read before
 * the patches, in the text the patches left (tree-view.ts), and are applied together.
 * 1. Units the target holds are patched in place as render patches them, with the target's own
 *    plural forms kept where the translation gives none (Rails `zero:` in every language, Russian
 *    `few:`/`many:`);
 * 2. New units are inserted as whole lines where the source's order puts them, nested as in the
 *    source (missing maps created), at the target's indentation, with its line endings and the
 *    quoting of the neighbouring value. The Rails root key stays the target's (`de:`), whatever
 *    the source's (`en:`);
 * 3. Removed units leave with their whole pair: key line, value lines and the comment lines
 *    directly above at the key's column, and the earlier copies of a repeated key (which would
 *    otherwise be read in its place); a map left empty leaves with its own pair. A unit both set
 *    and removed is set. Otherwise the earlier copies of a repeated key stay as people left them:
 *    only the last one, the one Psych reads, is a unit and is written.
 *
 * Where the patches reshape a map an insertion walks (a new key inside a patched plural hash), or
 * an insertion lands inside a removed pair or repeats a key a removal looks up, the step after is
 * walked in a fresh read of the text before it: the rules' result is the same either way.
 *
 * Limits: new units go into block mappings only. A unit inside a sequence or a flow collection
 * (`[a, b]`, `{k: v}`) that the target lacks, or a target with several documents or no mapping
 * at all, is written the fallback way: the source rendered with every translation the target
 * holds (no translation is lost; the layout follows the source).
 */
import type { Scalar } from 'yaml';
import { applyEdits, type Edit, encodeText } from '../file-text.ts';
import type { PluralCategory, PluralForms, RenderOptions, TargetChanges } from '../model.ts';
import { type Insertions, insertedColumn, insertions } from './insert.ts';
import { lineStart } from './lines.ts';
import { readYaml, type YamlEntry, type YamlFile } from './read.ts';
import { removals } from './remove.ts';
import { renderEdits, renderFile } from './render.ts';
import { topOf, Unsupported } from './tree-paths.ts';
import { reread, TreeView } from './tree-view.ts';

/**
 * Applies `changes` to a YAML target (see the file's comment for the rules). Nothing to set or
 * remove returns `target` itself; a target that does not parse throws a FormatError with line and
 * column.
 */
export function yamlEdit(target: Uint8Array, changes: TargetChanges, options: RenderOptions): Uint8Array {
  const where = { fileName: options.fileName, maxBytes: options.maxBytes };
  const file = readYaml(target, where);
  if (changes.set.size === 0 && changes.remove.size === 0) return target;
  const source = readYaml(changes.source, { maxBytes: options.maxBytes });
  const held = new Map(file.entries.map((e) => [e.id, e]));
  try {
    const inPlace = new Map<string, string | PluralForms>();
    for (const [id, text] of changes.set) {
      const entry = held.get(id);
      if (!entry) continue;
      inPlace.set(id, entry.kind === 'plural' ? keepForms(text, entry.forms) : text);
    }
    const read = file.decoded.text;
    const patches = inPlace.size > 0 ? renderEdits(file, inPlace, options.targetLang) : [];
    const { top, rootKey } = topOf(file.documents);
    let view = new TreeView(applyEdits(read, patches), top, rootKey, patches);
    // Insertions before removals: a map that loses its last old unit and gains a new one stays.
    const missing = [...changes.set.keys()].filter((id) => !held.has(id));
    let added: Insertions | undefined;
    if (missing.length > 0) {
      if (patches.length > 0 && insidePatchedPlural(missing, inPlace, held)) view = reread(view.text);
      added = insertions(view, source, changes, new Set(missing), options);
    }
    const inserted = added?.edits ?? [];
    const gone = new Set([...changes.remove].filter((id) => !changes.set.has(id)));
    // A new key that repeats one its map holds is the one a removal's walk finds: walk after it.
    const taken =
      gone.size === 0 ? [] : added?.repeats ? undefined : removals(view, gone, added?.grown ?? new Set());
    let text: string;
    if (taken && !clashes(view.text, inserted, taken)) text = applyEdits(view.text, [...inserted, ...taken]);
    else {
      const grown = applyEdits(view.text, inserted);
      text = applyEdits(grown, removals(reread(grown), gone, new Set()));
    }
    if (text === read) return target;
    return encodeText(text, file.decoded.encoding, file.decoded.bom);
  } catch (error) {
    if (!(error instanceof Unsupported)) throw error;
    return fallback(file, source, changes, options);
  }
}

/** Whether a missing unit lies below a plural hash the patches change (whose pairs they add or take out). */
function insidePatchedPlural(
  missing: readonly string[],
  inPlace: ReadonlyMap<string, unknown>,
  held: ReadonlyMap<string, YamlEntry>,
): boolean {
  const plurals = new Set([...inPlace.keys()].filter((id) => held.get(id)!.kind === 'plural'));
  if (plurals.size === 0) return false;
  return missing.some((id) => {
    for (let i = 0; i < id.length; i++) {
      if (id[i] === '\\') i++;
      else if ((id[i] === '.' || id[i] === '[') && plurals.has(id.slice(0, i))) return true;
    }
    return false;
  });
}

/**
 * Whether an insertion lands inside a removed pair's lines, or right after them where the
 * removal, walked after the insertion, would reach into the new lines (deeper than its key, over
 * kept blank lines) or leave the line break the insertion adds at the file's end.
 */
function clashes(text: string, inserted: readonly Edit[], taken: readonly Edit[]): boolean {
  const sorted = [...taken].sort((a, b) => a.start - b.start);
  return inserted.some((edit) => {
    const q = edit.start;
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (sorted[mid]!.start < q) low = mid + 1;
      else high = mid;
    }
    const removal = sorted[low - 1];
    if (!removal || q > removal.end) return false;
    if (q < removal.end || insertedColumn(edit) > indentAt(text, removal.start)) return true;
    // After a last line without a line break the insertion brings one, which the removal would leave.
    return blankBefore(text, q) || (q === text.length && !text.endsWith('\n'));
  });
}

/**
 * Whether the line before `index` is blank: a removal reaches over blank lines only where its
 * value does (a `|+` block keeps them), and then, walked after an insertion there, over that too.
 */
function blankBefore(text: string, index: number): boolean {
  if (index === 0 || text[index - 1] !== '\n') return false;
  return /^[ \t]*\r?$/.test(text.slice(lineStart(text, index - 1), index - 1));
}

/** The indentation of the line holding `index`. */
function indentAt(text: string, index: number): number {
  const start = lineStart(text, index);
  let i = start;
  while (text[i] === ' ') i++;
  return i - start;
}

/** The translation's forms, plus the target's own forms of categories it does not give. */
function keepForms(
  text: string | PluralForms,
  forms: ReadonlyMap<PluralCategory, Scalar<string>>,
): PluralForms {
  const given: PluralForms = typeof text === 'string' ? { other: text } : { ...text };
  for (const [category, node] of forms) given[category] ??= node.value;
  return given;
}

/** The source rendered with every translation the target holds and the changes' (see Limits). */
function fallback(
  file: YamlFile,
  source: YamlFile,
  changes: TargetChanges,
  options: RenderOptions,
): Uint8Array {
  const all = new Map<string, string | PluralForms>();
  for (const entry of file.entries) {
    if (changes.remove.has(entry.id)) continue;
    if (entry.kind === 'scalar') all.set(entry.id, entry.node.value);
    else all.set(entry.id, keepForms(entry.forms.get('other')!.value, entry.forms));
  }
  for (const [id, text] of changes.set) all.set(id, text);
  return renderFile(changes.source, source, all, options);
}
