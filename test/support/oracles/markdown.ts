/**
 * Markdown read by markdown-it (a CommonMark implementation, with GFM tables enabled and HTML
 * blocks recognised) as the oracle for src/formats/markdown, whose units are the document's text
 * blocks. From markdown-it's token stream:
 * - a heading (ATX or setext, CommonMark §4.2–4.3) is `h<n>`, a paragraph (§4.8; inside block
 *   quotes and list items at any depth, §5) `p<n>`, a table cell (GFM §4.10, header and body)
 *   `t<n>`, n counting blocks of that kind with text, in document order; code blocks (§4.4–4.5),
 *   HTML blocks (§4.6), thematic breaks and link reference definitions (§4.7) are no units;
 * - a block's text is its inline content, raw: each line without its leading spaces and tabs (§4.8
 *   strips them; container prefixes are not content), the last without trailing ones; in a cell,
 *   `\|` is the table's escape of `|` (GFM §4.10), so the cell's text has `|`;
 * - YAML front matter (`---` lines at the top, a convention of Jekyll, Hugo and Docusaurus, not
 *   CommonMark) is read by the `yaml` package: its `title`, `description`, `summary` and `subtitle`
 *   strings are `front-matter.<key>`; TOML front matter (`+++`) is configuration.
 * CommonMark extensions our reader also knows (`:::` directives, `$$` math, footnotes) are not
 * markdown-it's core: a file with them differs there, which the corpus reports as the oracle's
 * limit.
 */
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import { parse as parseYaml } from 'yaml';
import type { Unit } from '../../../src/formats/model.ts';
import { decodeFile } from './decode.ts';

const md = new MarkdownIt('commonmark', { html: true }).enable('table');
const FRONT_MATTER_TEXT = ['title', 'description', 'summary', 'subtitle'];
const KIND: Record<string, string> = { heading_open: 'h', paragraph_open: 'p', th_open: 't', td_open: 't' };

/** The text of a file and its front matter, the latter blanked (lines kept, so maps stay true). */
function split(text: string): { body: string; front: Map<string, string> } {
  const front = new Map<string, string>();
  const yaml = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  const toml = /^\+\+\+[ \t]*\r?\n[\s\S]*?\r?\n\+\+\+[ \t]*(?:\r?\n|$)/.exec(text);
  const matter = yaml ?? toml;
  if (!matter) return { body: text, front };
  if (yaml) {
    try {
      const data = parseYaml(yaml[1]!) as unknown;
      if (data && typeof data === 'object' && !Array.isArray(data))
        for (const key of FRONT_MATTER_TEXT) {
          const value = (data as Record<string, unknown>)[key];
          if (typeof value === 'string') front.set(`front-matter.${key}`, value);
        }
    } catch {
      // Front matter that is not YAML: configuration of some other kind, no units.
    }
  }
  return { body: matter[0].replace(/[^\r\n]/g, '') + text.slice(matter[0].length), front };
}

/** markdown-it's token stream for a file (front matter blanked). */
export function markdownTokens(bytes: Uint8Array): Token[] {
  return md.parse(split(decodeFile(bytes)).body, {});
}

/** A block's inline content as its text: leading spaces and tabs off every line (CommonMark §4.8). */
export const blockText = (content: string) => content.replace(/^[ \t]+/gm, '').replace(/[ \t]+$/, '');

/** The units of a Markdown file, `id → text`, as markdown-it reads it. */
export function markdownOracleUnits(bytes: Uint8Array): Map<string, string> {
  const text = decodeFile(bytes);
  const { body, front } = split(text);
  const units = new Map(front);
  const counts = new Map<string, number>();
  const tokens = md.parse(body, {});
  for (let i = 0; i < tokens.length; i++) {
    const letter = KIND[tokens[i]!.type];
    const inline = tokens[i + 1];
    if (!letter || inline?.type !== 'inline') continue;
    const content = blockText(inline.content);
    if (content === '') continue;
    const n = (counts.get(letter) ?? 0) + 1;
    counts.set(letter, n);
    units.set(`${letter}${n}`, content);
  }
  return units;
}

/**
 * The block structure markdown-it sees (every token but inline content: block types, tags and
 * nesting), to compare a written file with its source.
 */
export function markdownStructure(bytes: Uint8Array): string[] {
  return markdownTokens(bytes)
    .filter((t) => t.type !== 'inline')
    .map((t) => `${'  '.repeat(t.level)}${t.type}${t.tag ? ` ${t.tag}` : ''}${t.info ? ` ${t.info}` : ''}`);
}

/** Each text block rendered to HTML (what a reader of the page sees), by the same ids. */
export function markdownRendered(bytes: Uint8Array): Map<string, string> {
  const out = new Map<string, string>();
  const counts = new Map<string, number>();
  const tokens = markdownTokens(bytes);
  for (let i = 0; i < tokens.length; i++) {
    const letter = KIND[tokens[i]!.type];
    const inline = tokens[i + 1];
    if (!letter || inline?.type !== 'inline' || blockText(inline.content) === '') continue;
    const n = (counts.get(letter) ?? 0) + 1;
    counts.set(letter, n);
    out.set(`${letter}${n}`, md.renderer.renderInline(inline.children ?? [], md.options, {}));
  }
  return out;
}

/** A text as markdown-it renders it inline (the HTML a translation is meant to become). */
export const renderInline = (text: string) => md.renderInline(text);

/** Our units as markdown-it holds them: in a cell, `\\|` is the table's escape of `|` (GFM §4.10). */
export function markdownAsOracle(units: readonly Unit[]): Map<string, string> {
  return new Map(units.map((u) => [u.id, u.id.startsWith('t') ? u.source.replace(/\\\|/g, '|') : u.source]));
}
