/**
 * Markdown documents (CommonMark + GFM tables), one unit per text block.
 *
 * - Units: paragraphs, headings (text without the `#`s or the setext underline), list item and
 *   blockquote paragraphs (at any depth), table cells, footnote texts, and the YAML front matter's
 *   `title`, `description`, `summary` and `subtitle`. Fenced and indented code, `$$` math, HTML
 *   blocks, thematic breaks, link reference definitions, `:::` directive lines, TOML front matter
 *   and the rest of the YAML front matter are never touched.
 * - Unit text is the block's raw Markdown (inline code, link URLs, HTML tags and emphasis markers
 *   kept as written, so placeholder protection sees them); line breaks inside a paragraph stay `\n`
 *   and the container prefixes (`> `, list indentation) are not part of it.
 * - Ids are ordinals per kind of block: `h3` (third heading), `p12` (twelfth paragraph), `t5`
 *   (fifth table cell), `front-matter.title`. They are stable across re-parses and, unlike content
 *   hashes, across translation (render then parse finds the same ids); adding a paragraph shifts
 *   only the later paragraphs' ids, not the headings' or cells'.
 */

import type { DecodedText, Edit } from '../file-text.ts';
import { decodeText, encodeText } from '../file-text.ts';
import {
  type FormatModule,
  NO_STRINGS,
  type ParseOptions,
  type RenderOptions,
  type Translations,
  type Unit,
} from '../model.ts';
import type { PlaceholderSyntax } from '../placeholders/types.ts';
import { applyOrderedEdits, LineLocator } from '../text-lines/sequential.ts';
import type { TextBlock } from './blocks.ts';
import { parseBlocks } from './blocks.ts';
import type { FrontMatter } from './front-matter.ts';
import { frontMatterEdit, readFrontMatter, tomlFrontMatterEnd } from './front-matter.ts';
import { splitLines } from './lines.ts';
import { continuationPrefix, writeBlockText } from './write.ts';

interface Document {
  decoded: DecodedText;
  frontMatter: FrontMatter | undefined;
  blocks: { id: string; block: TextBlock; text: string }[];
}

const KIND_LETTER: Record<TextBlock['kind'], string> = { heading: 'h', atx: 'h', paragraph: 'p', cell: 't' };

function read(bytes: Uint8Array, options: ParseOptions): Document {
  const decoded = decodeText(bytes, options);
  const text = decoded.text;
  const frontMatter = readFrontMatter(text);
  const found: TextBlock[] = [];
  parseBlocks(text, splitLines(text, frontMatter?.end ?? tomlFrontMatterEnd(text) ?? 0), found);
  const counts = new Map<string, number>();
  const blocks = found.map((block) => {
    const letter = KIND_LETTER[block.kind];
    const n = (counts.get(letter) ?? 0) + 1;
    counts.set(letter, n);
    return { id: `${letter}${n}`, block, text: blockText(decoded.text, block) };
  });
  return { decoded, frontMatter, blocks };
}

function blockText(text: string, block: TextBlock): string {
  return block.lines.map((l) => text.slice(l.start, l.end)).join('\n');
}

function parse(bytes: Uint8Array, options: ParseOptions = {}): Unit[] {
  const doc = read(bytes, options);
  const positions = new LineLocator(doc.decoded); // units come in file order
  const units: Unit[] = [];
  const fm = doc.frontMatter;
  for (const { id, node } of fm?.fields ?? []) {
    const [start, end] = node.range!;
    const quoted = node.type === 'QUOTE_SINGLE' || node.type === 'QUOTE_DOUBLE' ? 1 : 0;
    const location = positions.location(fm!.offset + start + quoted, fm!.offset + end - quoted);
    units.push({
      id,
      source: node.value,
      notes: NO_STRINGS,
      flags: NO_STRINGS,
      translatable: true,
      location,
    });
  }
  for (const { id, block, text } of doc.blocks) {
    const first = block.lines[0]!;
    const last = block.lines[block.lines.length - 1]!;
    units.push({
      id,
      source: text,
      notes: NO_STRINGS,
      flags: NO_STRINGS,
      translatable: true,
      location: positions.location(first.start, last.end),
    });
  }
  return units;
}

function render(original: Uint8Array, translations: Translations, options: RenderOptions): Uint8Array {
  const doc = read(original, options);
  const text = doc.decoded.text;
  const lf = text.indexOf('\n');
  const eol = lf > 0 && text[lf - 1] === '\r' ? '\r\n' : '\n';
  const edits: Edit[] = [];
  const value = (id: string) => {
    const t = translations.get(id);
    return t === undefined ? undefined : typeof t === 'string' ? t : t.other;
  };
  const fm = doc.frontMatter;
  for (const { id, node } of fm?.fields ?? []) {
    const v = value(id);
    if (v !== undefined && v !== node.value) edits.push(...frontMatterEdit(fm!, node, v, eol));
  }
  for (const { id, block, text: source } of doc.blocks) {
    const v = value(id);
    if (v === undefined || v === source) continue;
    const start = block.lines[0]!.start;
    const end = block.lines[block.lines.length - 1]!.end;
    edits.push({
      start,
      end,
      replacement: writeBlockText(block, v, () => continuationPrefix(text, block), eol),
    });
  }
  if (edits.length === 0) return original;
  return encodeText(applyOrderedEdits(text, edits), doc.decoded.encoding, doc.decoded.bom);
}

/**
 * A Markdown document is read, not formatted: no runtime fills anything in its text, so `%20` in
 * a URL and `{name}` in inline code are text. Its inline HTML is kept from machine translation,
 * and one a translation drops is a warning (a missing tag breaks no build or app).
 */
const MARKDOWN_PLACEHOLDERS: readonly PlaceholderSyntax[] = ['tags'];

export const markdownFormat: FormatModule = {
  name: 'markdown',
  extensions: ['md', 'markdown'],
  parse,
  render,
  placeholders: () => MARKDOWN_PLACEHOLDERS,
};
