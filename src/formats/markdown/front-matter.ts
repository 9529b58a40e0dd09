/**
 * YAML front matter (`---` … `---` at the top of the file). Its `title` and `description` (and
 * `summary`, `subtitle`) string values are user-visible text in static site generators (Jekyll, Hugo,
 * Docusaurus), so they are units; every other key is configuration and stays untouched. Front
 * matter that is not valid YAML is left alone (no units) — the rest of the file is still Markdown.
 */
import type { Scalar } from 'yaml';
import { isMap, isScalar, parseDocument } from 'yaml';
import type { Edit } from '../file-text.ts';
import { scalarEdit } from '../kit/yaml/scalar-edit.ts';

const TEXT_KEYS = ['title', 'description', 'summary', 'subtitle'];

export interface FrontMatter {
  /** Index just after the closing `---` line (where the Markdown body starts). */
  end: number;
  fields: { id: string; node: Scalar<string> }[];
  /** Offset of the YAML text inside the file (node ranges are relative to it). */
  offset: number;
  yaml: string;
}

/** TOML front matter (`+++` … `+++`, Hugo): configuration only, skipped whole. */
export function tomlFrontMatterEnd(text: string): number | undefined {
  const open = /^\+\+\+[ \t]*\r?\n/.exec(text);
  if (!open) return undefined;
  const close = /^\+\+\+[ \t]*(?:\r?\n|$)/m.exec(text.slice(open[0].length));
  return close ? open[0].length + close.index + close[0].length : undefined;
}

/** The YAML front matter at the top of the file, if any, with its translatable fields. */
export function readFrontMatter(text: string): FrontMatter | undefined {
  const open = /^---[ \t]*\r?\n/.exec(text);
  if (!open) return undefined;
  const close = /^(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/m;
  close.lastIndex = 0;
  const rest = text.slice(open[0].length);
  const match = close.exec(rest);
  if (!match) return undefined;
  const offset = open[0].length;
  const yaml = rest.slice(0, match.index);
  const end = offset + match.index + match[0].length;
  const fields: FrontMatter['fields'] = [];
  const doc = parseDocument(yaml, { keepSourceTokens: true, prettyErrors: false });
  if (doc.errors.length === 0 && isMap(doc.contents)) {
    for (const pair of doc.contents.items) {
      if (!isScalar(pair.key) || !TEXT_KEYS.includes(String(pair.key.value))) continue;
      if (isScalar(pair.value) && typeof pair.value.value === 'string') {
        fields.push({ id: `front-matter.${String(pair.key.value)}`, node: pair.value as Scalar<string> });
      }
    }
  }
  return { end, fields, offset, yaml };
}

/** The edit writing `value` into a front matter field, in the field's YAML style. */
export function frontMatterEdit(fm: FrontMatter, node: Scalar<string>, value: string, eol: string): Edit[] {
  return scalarEdit(fm.yaml, node, value, false, eol).map((e) => ({
    start: e.start + fm.offset,
    end: e.end + fm.offset,
    replacement: e.replacement,
  }));
}
