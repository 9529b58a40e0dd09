/**
 * Render for YAML string files: the edits that put translations into a file already read, so the
 * edit (edit.ts) patches a target it has read without reading it again.
 */
import type { Edit } from '../file-text.ts';
import { applyEdits, encodeText } from '../file-text.ts';
import { writeFlowScalar } from '../kit/yaml/flow-scalar.ts';
import { lineEnding, scalarEdit } from '../kit/yaml/scalar-edit.ts';
import type { RenderOptions, Translations } from '../model.ts';
import { pluralEdits } from './edit-plural.ts';
import type { YamlFile } from './read.ts';
import type { RootLocale } from './root-locale.ts';

/**
 * The edits writing `translations` into `file`, with the Rails root key renamed to the target
 * language when there is any; none when every translation is what the file already says.
 */
export function renderEdits(file: YamlFile, translations: Translations, targetLang: string): Edit[] {
  const text = file.decoded.text;
  const eol = lineEnding(text);
  const edits: Edit[] = [];
  for (const entry of file.entries) {
    const translation = translations.get(entry.id);
    if (translation === undefined) continue;
    if (entry.kind === 'plural') {
      edits.push(...pluralEdits(text, entry, translation, targetLang, eol));
      continue;
    }
    const value = typeof translation === 'string' ? translation : translation.other;
    if (value !== entry.node.value) edits.push(...scalarEdit(text, entry.node, value, entry.flow, eol));
  }
  if (edits.length === 0) return edits;
  for (const root of file.roots) {
    const edit = renameRoot(root, targetLang);
    if (edit) edits.push(edit);
  }
  return edits;
}

/** `original` (read as `file`) with `translations` put in; `original` itself when nothing changes. */
export function renderFile(
  original: Uint8Array,
  file: YamlFile,
  translations: Translations,
  options: RenderOptions,
): Uint8Array {
  const edits = renderEdits(file, translations, options.targetLang);
  if (edits.length === 0) return original;
  return encodeText(applyEdits(file.decoded.text, edits), file.decoded.encoding, file.decoded.bom);
}

/** `en:` → `de:` (keeping the key's quoting, and `_` when the original wrote `en_US`). */
function renameRoot(root: RootLocale, targetLang: string): Edit | undefined {
  const code = root.locale.includes('_') ? targetLang.replace(/-/g, '_') : targetLang;
  if (code === root.locale) return undefined;
  const [start, end] = root.key.range!;
  const style =
    root.key.type === 'QUOTE_SINGLE' || root.key.type === 'QUOTE_DOUBLE' ? root.key.type : 'PLAIN';
  return { start, end, replacement: writeFlowScalar(code, style, false) };
}
