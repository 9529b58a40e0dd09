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
 * - Writing (render.ts): a block is escaped only where the written document, read again, shows
 *   that CommonMark needs it; a target rebuilt from the source to add units (`edit`) keeps the
 *   bytes of every block people wrote that reads back the same in the source's place (DESIGN §7).
 */

import { LineLocator } from '../kit/sequential.ts';
import {
  type FormatModule,
  NO_STRINGS,
  type ParseOptions,
  type RenderOptions,
  type TargetChanges,
  type Translations,
  type Unit,
} from '../model.ts';
import type { PlaceholderSyntax } from '../placeholders/types.ts';
import { editByRendering } from '../target.ts';
import { read } from './document.ts';
import { carriedBlocks, renderWith } from './render.ts';

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
  return renderWith(original, translations, options);
}

/**
 * A target file with changes (DESIGN §7): patched in place when it holds every unit to write, else
 * rebuilt from the source's blocks where the units people translated keep their bytes — continuation
 * lines with their own indentation, no escape added — wherever they read back the same.
 */
function edit(target: Uint8Array, changes: TargetChanges, options: RenderOptions): Uint8Array {
  const carried = carriedBlocks(target, options.fileName !== undefined ? { fileName: options.fileName } : {});
  return editByRendering(markdownFormat, target, changes, options, (o, t, r) => renderWith(o, t, r, carried));
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
  edit,
  placeholders: () => MARKDOWN_PLACEHOLDERS,
};
