/**
 * Putting translations into a Markdown document. Each block is written as faithfully as it reads
 * back the same: people's bytes carried from a target, else the text as given, else escaped as
 * CommonMark needs, else every line start that could open a block escaped. The written document is
 * read again to find the blocks that came back changed, which alone are escaped further.
 */
import type { Edit } from '../file-text.ts';
import { encodeText } from '../file-text.ts';
import { applyOrderedEdits } from '../kit/sequential.ts';
import type { ParseOptions, RenderOptions, Translations } from '../model.ts';
import type { TextBlock } from './blocks.ts';
import { KIND_LETTER, read, readText } from './document.ts';
import { frontMatterEdit } from './front-matter.ts';
import { mayStartBlock } from './lines.ts';
import { containerPrefix, continuationPrefix, writeBlockText } from './write.ts';

/** A people's block carried from a target file: its bytes between the text's first and last character. */
export interface Carried {
  kind: TextBlock['kind'];
  /** The span as the target has it (continuation lines with their own prefixes). */
  raw: string;
  /** Its text, as our reader sees it. */
  text: string;
  /** Each line's own indentation inside its container (a continuation line's `\t\t\t` before `- `). */
  indents: string[];
}

/** The blocks of a target file by id, with their bytes (see Carried). */
export function carriedBlocks(target: Uint8Array, options: ParseOptions): Map<string, Carried> {
  const doc = read(target, options);
  const t = doc.decoded.text;
  const out = new Map<string, Carried>();
  for (const { id, block, text } of doc.blocks) {
    const raw = t.slice(block.lines[0]!.start, block.lines[block.lines.length - 1]!.end);
    const indents = block.lines.map((l) => (l.container === undefined ? '' : t.slice(l.container, l.start)));
    out.set(id, { kind: block.kind, raw, text, indents });
  }
  return out;
}

/**
 * How a block is written, from the most faithful to the most escaped: the target's own bytes
 * (`raw`, for people's text carried over), then its lines with their own indentation inside the
 * source's containers (`relative`: a line people indented past a list item's content stays text),
 * the text as given, then escaped as CommonMark needs, then every line start that could open a
 * block.
 */
const TIERS = ['raw', 'relative', 'none', 'needed', 'all'] as const;
type Tier = (typeof TIERS)[number];

interface Write {
  index: number;
  value: string;
  carried: Carried | undefined;
  tier: Tier;
}

/**
 * Rounds of escaping more before every remaining block is escaped in full (bounds the cost). When a
 * written block changes the block count, only the first difference is known in a round, so each
 * block that may break gets a round of its own, up to a bound.
 */
const MIN_ROUNDS = 6;
const MAX_ROUNDS = 64;

/** The text our reader would give for a block, compared without indentation or trailing blanks. */
const comparable = (s: string) =>
  s
    .split('\n')
    .map((l) => l.replace(/^[ \t]+/, ''))
    .join('\n')
    .replace(/[ \t]+$/, '');

export function renderWith(
  original: Uint8Array,
  translations: Translations,
  options: RenderOptions,
  carried?: ReadonlyMap<string, Carried>,
): Uint8Array {
  const doc = read(original, options);
  const text = doc.decoded.text;
  const lf = text.indexOf('\n');
  const eol = lf > 0 && text[lf - 1] === '\r' ? '\r\n' : '\n';
  const value = (id: string) => {
    const t = translations.get(id);
    return t === undefined ? undefined : typeof t === 'string' ? t : t.other;
  };
  const frontMatter: Edit[] = [];
  const fm = doc.frontMatter;
  for (const { id, node } of fm?.fields ?? []) {
    const v = value(id);
    if (v !== undefined && v !== node.value) frontMatter.push(...frontMatterEdit(fm!, node, v, eol));
  }
  const writes: Write[] = [];
  doc.blocks.forEach(({ id, block, text: source }, index) => {
    const v = value(id);
    if (v === undefined || v === source) return;
    // People's text keeps its bytes where the block is of the same kind (DESIGN §7).
    const own = options.asWritten?.has(id) ? carried?.get(id) : undefined;
    const fits = own !== undefined && own.kind === block.kind && own.text === v;
    writes.push({ index, value: v, carried: fits ? own : undefined, tier: fits ? 'raw' : 'none' });
  });
  if (frontMatter.length === 0 && writes.length === 0) return original;
  const encode = (out: string) => encodeText(out, doc.decoded.encoding, doc.decoded.bom);
  const breaking = writes.filter((w) => mayBreak(w, doc.blocks[w.index]!.block)).length;
  const rounds = Math.min(MIN_ROUNDS + 2 * breaking, MAX_ROUNDS);
  for (let round = 0; ; round++) {
    const expected = doc.blocks.map((b) => ({ kind: KIND_LETTER[b.block.kind], text: b.text }));
    const edits = [...frontMatter];
    for (const w of writes) {
      const { block } = doc.blocks[w.index]!;
      const written =
        w.tier === 'raw'
          ? { replacement: w.carried!.raw.replace(/\r?\n/g, eol), text: w.carried!.text }
          : w.tier === 'relative'
            ? reindented(w.carried!, containerPrefix(text, block), eol)
            : writeBlockText(block, w.value, () => continuationPrefix(text, block), eol, w.tier);
      edits.push({
        start: block.lines[0]!.start,
        end: block.lines[block.lines.length - 1]!.end,
        replacement: written.replacement,
      });
      expected[w.index]!.text = written.text;
    }
    const out = applyOrderedEdits(text, edits);
    if (round === 0 && breaking === 0) return encode(out);
    const broken = brokenBlocks(out, expected);
    if (broken.length === 0 || round === rounds) return encode(out);
    let raised = false;
    for (const at of broken) {
      // The block that broke, or the written one before it (a neighbour's lines made it change).
      const w = writes.findLast((x) => x.index <= at && x.tier !== 'all');
      if (!w) continue;
      w.tier = round === rounds - 1 ? 'all' : TIERS[TIERS.indexOf(w.tier) + 1]!;
      raised = true;
    }
    if (!raised) return encode(out);
  }
}

/**
 * Whether a written block could read back as something else, so the document must be read again:
 * a paragraph line starting with a character a block marker starts with, or with indentation, or
 * people's lines with their own prefixes, or a pipe anywhere (a table's header row). ATX heading
 * text and cells cannot (write.ts escapes what they need); most prose cannot either, and skips the
 * second reading.
 */
function mayBreak(w: Write, block: TextBlock): boolean {
  if (block.kind === 'atx' || block.kind === 'cell') return false;
  // A line with a pipe can be a table's header row (a paragraph's last line too, GFM §4.10).
  if (w.value.includes('|')) return true;
  return w.value
    .split('\n')
    .some(
      (line, i) => (i > 0 && w.tier === 'raw') || /^[ \t]/.test(line) || mayStartBlock(line.charCodeAt(0)),
    );
}

/** A carried block's lines inside the source's containers, each with its own indentation. */
function reindented(carried: Carried, prefix: string, eol: string): { replacement: string; text: string } {
  const lines = carried.text.split('\n');
  const replacement = lines.map((l, i) => (i === 0 ? l : prefix + carried.indents[i]! + l)).join(eol);
  return { replacement, text: carried.text };
}

/**
 * Reads a written document back and gives the indexes of blocks that did not come back as
 * expected: every differing one when the block count held, else the first difference only (what
 * follows it is shifted).
 */
function brokenBlocks(out: string, expected: { kind: string; text: string }[]): number[] {
  const back = readText(out).blocks;
  const broken: number[] = [];
  const n = Math.min(back.length, expected.length);
  for (let i = 0; i < n; i++) {
    const b = back[i]!;
    const e = expected[i]!;
    if (KIND_LETTER[b.block.kind] !== e.kind || comparable(b.text) !== comparable(e.text)) {
      broken.push(i);
      if (back.length !== expected.length) return broken;
    }
  }
  if (broken.length === 0 && back.length !== expected.length) broken.push(n);
  return broken;
}
