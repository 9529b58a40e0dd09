/**
 * Ours, not gettext-parser (which writes the whole catalog anew): byte fidelity (`npm run bench --
 * formats`: po against gettext-parser; GNU gettext is the tests' oracle).
 *
 * A line scanner for Gettext PO/POT files that keeps the exact position of every field, comment
 * and flag line, so render can patch msgstr text and flags without touching anything else.
 * Obsolete `#~` entries are skipped (kept verbatim by render, never units).
 */
import type { DecodedText } from '../file-text.ts';
import { decodeText, TextPositions } from '../file-text.ts';
import { addComment, checkOrder, newDraft } from './draft.ts';
import { unescapePo } from './escape.ts';

export type Keyword = 'msgctxt' | 'msgid' | 'msgid_plural' | 'msgstr';

export interface PoField {
  keyword: Keyword;
  /** `n` of `msgstr[n]`. */
  index: number | undefined;
  /** Start of the keyword's line (its indentation included). */
  start: number;
  /** Just after the closing quote of the field's last string. */
  end: number;
  /** Index of the first string's opening quote. */
  firstString: number;
  value: string;
  /** Number of quoted strings (more than one: gettext's multi-line form). */
  strings: number;
  /** Whether the first string is `""` and text follows on continuation lines. */
  multiline: boolean;
  /** Length of the longest line of the field, to tell wrapped from `--no-wrap` files. */
  longestLine: number;
}

export interface LineRange {
  start: number;
  /** Just after the line break (or the end of the text). */
  end: number;
}

export interface PoEntry {
  start: number;
  translatorComments: string[];
  extractedComments: string[];
  references: string[];
  flags: string[];
  flagLines: LineRange[];
  previous: string[];
  previousLines: LineRange[];
  msgctxt?: PoField;
  msgid: PoField;
  msgidPlural?: PoField;
  msgstr: PoField[];
}

export interface PoFile {
  decoded: DecodedText;
  /** Built on first use: render needs positions only to report errors. */
  positions(): TextPositions;
  header: PoEntry | undefined;
  entries: PoEntry[];
  /** Some field uses the multi-line form: the file was written with gettext's line wrapping. */
  wraps: boolean;
  /** Where the obsolete `#~` entries stand (their comment lines included), in file order. */
  obsolete: LineRange[];
}

const KEYWORD = /(msgctxt|msgid_plural|msgid|msgstr)(?:\[(\d+)\])?(?=[ \t"])/y;

/** Reads a PO/POT file; malformed input is a FormatError with line and column. */
export function readPo(bytes: Uint8Array, options: { fileName?: string; maxBytes?: number }): PoFile {
  const decoded = decodeText(bytes, options);
  let built: TextPositions | undefined;
  const positions = () => {
    built ??= new TextPositions(decoded);
    return built;
  };
  const text = decoded.text;
  const fail = (message: string, at: number) => positions().error(message, at, options.fileName);
  const entries: PoEntry[] = [];
  let header: PoEntry | undefined;
  const obsolete: LineRange[] = [];
  let wraps = false;
  let draft = newDraft(0);
  let field: PoField | undefined;

  const finish = (at: number) => {
    if (draft.obsolete) obsolete.push({ start: draft.start, end: at });
    if (!draft.obsolete && draft.msgid) {
      if (draft.msgstr.length === 0) throw fail('msgid without msgstr', draft.msgid.start);
      if (draft.msgidPlural && draft.msgstr[0]!.index === undefined) {
        throw fail('msgid_plural needs msgstr[0]', draft.msgstr[0]!.start);
      }
      const entry = draft as PoEntry;
      if (!header && entries.length === 0 && entry.msgid.value === '' && !entry.msgctxt) header = entry;
      else entries.push(entry);
    }
    draft = newDraft(at);
    field = undefined;
  };

  let pos = 0;
  for (;;) {
    let lineEnd = text.indexOf('\n', pos);
    if (lineEnd < 0) lineEnd = text.length;
    const contentEnd = text.charCodeAt(lineEnd - 1) === 13 && lineEnd > pos ? lineEnd - 1 : lineEnd;
    const next = lineEnd < text.length ? lineEnd + 1 : lineEnd;
    let i = pos;
    while (i < contentEnd && (text[i] === ' ' || text[i] === '\t')) i++;
    const c = text[i];

    if (i === contentEnd) {
      // A blank line ends an entry once it has its msgstr.
      if (draft.msgstr.length > 0 || draft.obsolete) finish(next);
    } else if (c === '#') {
      const kind = text[i + 1];
      if (draft.msgstr.length > 0 || (draft.obsolete && kind !== '~')) finish(pos);
      if (kind === '~') {
        if (draft.msgid) throw fail('obsolete line inside an entry', i);
        draft.obsolete = true;
      } else if (!draft.obsolete) {
        if (draft.msgid) throw fail('comment between the fields of an entry', i);
        addComment(draft, text.slice(i + 1, contentEnd), { start: pos, end: next });
      }
    } else if (c === '"') {
      if (!field) throw fail('string without a keyword', i);
      const end = readString(text, i, contentEnd, fail);
      field.value += unescapeString(text, i, end, fail);
      field.end = end;
      field.strings++;
      field.longestLine = Math.max(field.longestLine, contentEnd - pos);
      if (field.strings === 2 && text.startsWith('""', field.firstString)) {
        field.multiline = true;
        wraps = true;
      }
    } else {
      KEYWORD.lastIndex = i;
      const match = KEYWORD.exec(text);
      if (!match || match.index !== i)
        throw fail(`unexpected text ${JSON.stringify(text.slice(i, Math.min(contentEnd, i + 20)))}`, i);
      const keyword = match[1] as Keyword;
      const index = match[2] === undefined ? undefined : Number(match[2]);
      if ((keyword === 'msgctxt' || keyword === 'msgid') && (draft.msgstr.length > 0 || draft.obsolete))
        finish(pos);
      checkOrder(draft, keyword, index, (message) => fail(message, i));
      let s = i + match[0].length;
      while (s < contentEnd && (text[s] === ' ' || text[s] === '\t')) s++;
      if (text[s] !== '"') throw fail(`${keyword} needs a quoted string`, s);
      const end = readString(text, s, contentEnd, fail);
      field = {
        keyword,
        index,
        start: pos,
        end,
        firstString: s,
        value: unescapeString(text, s, end, fail),
        strings: 1,
        multiline: false,
        longestLine: contentEnd - pos,
      };
      if (keyword === 'msgctxt') draft.msgctxt = field;
      else if (keyword === 'msgid') draft.msgid = field;
      else if (keyword === 'msgid_plural') draft.msgidPlural = field;
      else draft.msgstr.push(field);
    }
    if (next === lineEnd) break;
    pos = next;
  }
  if (draft.msgid && draft.msgstr.length === 0)
    throw fail('file ends before the msgstr of this msgid', draft.msgid.start);
  finish(text.length);
  return { decoded, positions, header, entries, wraps, obsolete };
}

/** Index just after the closing quote of the string opening at `start`. */
function readString(
  text: string,
  start: number,
  lineEnd: number,
  fail: (m: string, at: number) => Error,
): number {
  let i = start + 1;
  while (i < lineEnd) {
    const c = text.charCodeAt(i);
    if (c === 92) i += 2;
    else if (c === 34) break;
    else i++;
  }
  if (i >= lineEnd) throw fail('unterminated string', start);
  let rest = i + 1;
  while (rest < lineEnd && (text[rest] === ' ' || text[rest] === '\t')) rest++;
  if (rest < lineEnd) throw fail('unexpected text after a string', rest);
  return i + 1;
}

function unescapeString(
  text: string,
  start: number,
  end: number,
  fail: (m: string, at: number) => Error,
): string {
  const value = unescapePo(text.slice(start + 1, end - 1));
  if (typeof value === 'number') throw fail('invalid escape sequence', start + 1 + (-value - 1));
  return value;
}
