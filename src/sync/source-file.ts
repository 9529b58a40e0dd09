import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { md5Hex } from '../api/index.ts';
import { FormatError } from '../formats/errors.ts';
import { detectFormat, formatByName } from '../formats/registry.ts';

/** A source string file of the repository, read and parsed. */
export interface SourceFile {
  /** Repository-relative path with `/` separators: the name it is uploaded under. */
  path: string;
  bytes: Uint8Array;
  md5: string;
  /** Translatable units, words and characters (what MT is charged for). */
  units: number;
  words: number;
  characters: number;
}

/** A source file that could not be read or parsed: reported as an annotation, never uploaded. */
export interface SourceProblem {
  path: string;
  message: string;
  line?: number;
  column?: number;
}

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
/** Scripts written without spaces between words: each character counts as a word. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/gu;

/** Words as translators count them: runs of letters or digits, and each character of Chinese, Japanese or Thai. */
export function countWords(text: string): number {
  const unspaced = text.match(UNSPACED)?.length ?? 0;
  return unspaced + (text.replace(UNSPACED, ' ').match(WORD)?.length ?? 0);
}

/**
 * Reads and parses one source file. `format` names the format when the config pins it; otherwise
 * it is detected from the name and the content. An unparsable file is a SourceProblem with the
 * line and column the parser gave.
 */
export async function readSourceFile(
  root: string,
  path: string,
  format?: string,
): Promise<SourceFile | SourceProblem> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(join(root, path));
  } catch (error) {
    return { path, message: `cannot read the file: ${(error as Error).message}` };
  }
  return analyseSourceFile(path, bytes, format);
}

/** parse + count for bytes already read (see readSourceFile). */
export function analyseSourceFile(
  path: string,
  bytes: Uint8Array,
  format?: string,
): SourceFile | SourceProblem {
  const module = format ? formatByName(format) : detectFormat(path, bytes);
  if (!module)
    return { path, message: 'no string-file format recognises this file (set `format:` for it in .svc.yml)' };
  try {
    let units = 0;
    let words = 0;
    let characters = 0;
    for (const unit of module.parse(bytes, { fileName: path })) {
      if (!unit.translatable) continue;
      const text = unit.sourcePlural ? Object.values(unit.sourcePlural).join(' ') : unit.source;
      units += 1;
      words += countWords(text);
      characters += unit.sourcePlural ? Object.values(unit.sourcePlural).join('').length : unit.source.length;
    }
    return { path, bytes, md5: md5Hex(bytes), units, words, characters };
  } catch (error) {
    if (error instanceof FormatError)
      return { path, message: error.message, line: error.line, column: error.column };
    return { path, message: `cannot parse the file: ${(error as Error).message}` };
  }
}

export const isProblem = (f: SourceFile | SourceProblem): f is SourceProblem => !('md5' in f);
