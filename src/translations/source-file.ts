import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { md5Hex, unitCharacters } from '../api/index.ts';
import { FormatError } from '../formats/errors.ts';
import { type LeftOut, leftOutOf } from '../formats/left-out.ts';
import { detectFormat, formatByName } from '../formats/registry.ts';
import { splitWords } from '../text/words.ts';

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
  /** Units the file's reader leaves out on purpose, per reason (DESIGN §10: the run says so). */
  leftOut: LeftOut[];
}

/** A source file that could not be read or parsed: reported as an annotation, never uploaded. */
export interface SourceProblem {
  path: string;
  message: string;
  line?: number;
  column?: number;
}

/**
 * Reads and parses one source file. `how.format` names the format when the config pins it;
 * otherwise it is detected from the name and the content. An unparsable file is a SourceProblem with the
 * line and column the parser gave.
 */
export async function readSourceFile(
  root: string,
  path: string,
  how: SourceReading,
): Promise<SourceFile | SourceProblem> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(join(root, path));
  } catch (error) {
    return { path, message: `cannot read the file: ${(error as Error).message}` };
  }
  return analyseSourceFile(path, bytes, how);
}

/** The source language (word rules follow it) and the format when the config pins one. */
export interface SourceReading {
  lang: string;
  format?: string | undefined;
}

/** parse + count for bytes already read (see readSourceFile). */
export function analyseSourceFile(
  path: string,
  bytes: Uint8Array,
  how: SourceReading,
): SourceFile | SourceProblem {
  const { format, lang } = how;
  const module = format ? formatByName(format) : detectFormat(path, bytes);
  if (!module)
    return { path, message: 'no string-file format recognises this file (set `format:` for it in .svc.yml)' };
  try {
    let units = 0;
    let words = 0;
    let characters = 0;
    const parsed = module.parse(bytes, { fileName: path });
    for (const unit of parsed) {
      if (!unit.translatable) continue;
      const text = unit.sourcePlural ? Object.values(unit.sourcePlural).join(' ') : unit.source;
      units += 1;
      // Words as the platform counts them for a job's statistics.
      words += splitWords(text, lang).words.length;
      characters += unitCharacters(unit);
    }
    return { path, bytes, md5: md5Hex(bytes), units, words, characters, leftOut: leftOutOf(parsed) };
  } catch (error) {
    if (error instanceof FormatError)
      return { path, message: error.message, line: error.line, column: error.column };
    return { path, message: `cannot parse the file: ${(error as Error).message}` };
  }
}

export const isProblem = (f: SourceFile | SourceProblem): f is SourceProblem => !('md5' in f);
