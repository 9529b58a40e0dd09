/** A Markdown document read into its front matter and text blocks, with the blocks' ids. */
import type { DecodedText } from '../file-text.ts';
import { decodeText } from '../file-text.ts';
import type { ParseOptions } from '../model.ts';
import type { TextBlock } from './blocks.ts';
import { parseBlocks } from './blocks.ts';
import type { FrontMatter } from './front-matter.ts';
import { readFrontMatter, tomlFrontMatterEnd } from './front-matter.ts';
import { splitLines } from './lines.ts';

export interface Document {
  decoded: DecodedText;
  frontMatter: FrontMatter | undefined;
  blocks: { id: string; block: TextBlock; text: string }[];
}

export const KIND_LETTER: Record<TextBlock['kind'], string> = {
  heading: 'h',
  atx: 'h',
  paragraph: 'p',
  cell: 't',
};

export function read(bytes: Uint8Array, options: ParseOptions): Document {
  const decoded = decodeText(bytes, options);
  return { decoded, ...readText(decoded.text) };
}

/** The front matter and text blocks of a decoded document, with their ids. */
export function readText(text: string): Omit<Document, 'decoded'> {
  const frontMatter = readFrontMatter(text);
  const found: TextBlock[] = [];
  parseBlocks(text, splitLines(text, frontMatter?.end ?? tomlFrontMatterEnd(text) ?? 0), found);
  const counts = new Map<string, number>();
  const blocks = found.map((block) => {
    const letter = KIND_LETTER[block.kind];
    const n = (counts.get(letter) ?? 0) + 1;
    counts.set(letter, n);
    return { id: `${letter}${n}`, block, text: blockText(text, block) };
  });
  return { frontMatter, blocks };
}

function blockText(text: string, block: TextBlock): string {
  return block.lines.map((l) => text.slice(l.start, l.end)).join('\n');
}
