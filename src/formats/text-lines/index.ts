/**
 * Plain text (`.txt`, as the platform's own clients upload it): one unit per non-empty line.
 *
 * - A line's leading and trailing whitespace is not part of its unit and stays in the file.
 * - Ids are `l<n>`, the ordinal of the line among the non-empty lines (`l1`, `l2`, …): blank lines
 *   added or removed anywhere do not shift them, as physical line numbers would.
 * - A translation is one line: line breaks in it are written as spaces. Files that are not UTF-8
 *   (and carry no UTF-16 BOM) are read as Latin-1 and written back the same way; a translation
 *   Latin-1 cannot hold is a FormatError rather than a corrupted file.
 */
import { FormatError } from '../errors.ts';
import type { DecodedText } from '../file-text.ts';
import { decodeText, encodeText } from '../file-text.ts';
import { InFileOrder } from '../kit/in-file-order.ts';
import { LastRead } from '../kit/last-read.ts';
import { LazyUnit, UnitPlaces } from '../kit/lazy-unit.ts';
import type {
  FormatModule,
  ParseOptions,
  PluralForms,
  RenderOptions,
  TargetChanges,
  Translations,
  Unit,
} from '../model.ts';
import { leadingSpace, trailingSpaceStart } from './trim.ts';

interface TextFile {
  decoded: DecodedText;
  lines: string[];
}

const lastRead = new LastRead<TextFile>();

/** Decodes and splits a file; render reuses what a parse of the same bytes read (kit/last-read.ts). */
function read(bytes: Uint8Array, options: ParseOptions, again: boolean): TextFile {
  return lastRead.read(bytes, options, again, () => {
    const decoded = decodeText(bytes, { ...options, fallback: 'latin1' });
    return { decoded, lines: decoded.text.split('\n') };
  });
}

// Lines are split on LF and trimmed of the same whitespace as String#trim (spaces, tabs, CR, NBSP
// and the other Unicode spaces). Locations are worked out when read (LazyUnit): few callers read
// them, and a text file has a unit per line.
function parse(bytes: Uint8Array, options: ParseOptions = {}): Unit[] {
  const { decoded, lines } = read(bytes, options, false);
  const places = new UnitPlaces(decoded);
  const units: Unit[] = [];
  // The string index where the line starts.
  let at = 0;
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k]!;
    const lead = leadingSpace(line);
    if (lead < line.length) {
      const end = trailingSpaceStart(line, lead);
      units.push(new LazyUnit(`l${units.length + 1}`, line.slice(lead, end), places, at + lead, at + end));
    }
    at += line.length + 1;
  }
  return units;
}

function render(original: Uint8Array, translations: Translations, options: RenderOptions): Uint8Array {
  const { decoded, lines: fileLines } = read(original, options, true);
  const lookup = new InFileOrder(translations);
  let lines: string[] | undefined;
  let ordinal = 0;
  for (let k = 0; k < fileLines.length; k++) {
    const line = fileLines[k]!;
    const lead = leadingSpace(line);
    if (lead === line.length) continue;
    ordinal++;
    const translation = lookup.get(`l${ordinal}`);
    if (translation === undefined) continue;
    let value = typeof translation === 'string' ? translation : translation.other;
    if (value.includes('\n') || value.includes('\r')) value = value.replace(/\r?\n|\r/g, ' ');
    const end = trailingSpaceStart(line, lead);
    if (value.length === end - lead && line.startsWith(value, lead)) continue;
    if (decoded.encoding === 'latin1' && /[^\u0000-\u00ff]/.test(value)) {
      throw new FormatError(`translation of l${ordinal} has characters this Latin-1 file cannot hold`, {
        file: options.fileName,
        line: k + 1,
        column: lead + 1,
      });
    }
    // The read lines may be shared with a parse (kit/last-read.ts): change a copy.
    lines ??= fileLines.slice();
    lines[k] = line.slice(0, lead) + value + line.slice(end);
  }
  if (!lines) return original;
  return encodeText(lines.join('\n'), decoded.encoding, decoded.bom);
}

/**
 * Writes changes into an existing target (DESIGN §7). Units are positional, so a target's lines are
 * the translations of the source's first lines: held lines are patched in place, removed ones leave
 * with their line break, and new ones are appended in id order, in the target's own line endings
 * (a CRLF target stays CRLF, a missing final break stays missing).
 */
function edit(target: Uint8Array, changes: TargetChanges, options: RenderOptions): Uint8Array {
  const { decoded, lines: fileLines } = read(target, options, false);
  const crlf = decoded.text.includes('\r\n');
  const endsWithBreak = fileLines.length > 1 && fileLines[fileLines.length - 1] === '';
  const lines: string[] = [];
  // Translations keyed by the ordinal each line has once removed lines are gone.
  const write = new Map<string, string | PluralForms>();
  let ordinal = 0;
  let kept = 0;
  const own = decoded.text === '' ? [] : endsWithBreak ? fileLines.slice(0, -1) : fileLines;
  for (const line of own) {
    if (leadingSpace(line) === line.length) {
      lines.push(line);
      continue;
    }
    ordinal++;
    if (changes.remove.has(`l${ordinal}`)) continue;
    lines.push(line);
    kept++;
    const text = changes.set.get(`l${ordinal}`);
    if (text !== undefined) write.set(`l${kept}`, text);
  }
  const added = [...changes.set.keys()]
    .map((id) => ({ id, n: /^l(\d+)$/.exec(id) ? Number(id.slice(1)) : Number.NaN }))
    .filter(({ n }) => Number.isInteger(n) && n > ordinal)
    .sort((a, b) => a.n - b.n);
  if (added.length === 0 && write.size === 0 && kept === ordinal) return target;
  const cr = crlf ? '\r' : '';
  // A last line without a break gets one before the lines that follow it.
  if (added.length > 0 && !endsWithBreak && lines.length > 0 && !lines[lines.length - 1]!.endsWith('\r'))
    lines[lines.length - 1] += cr;
  for (const [k, { id }] of added.entries()) {
    kept++;
    // A placeholder the render below replaces (with its checks: one line, Latin-1).
    lines.push(k === added.length - 1 && !endsWithBreak ? '-' : `-${cr}`);
    write.set(`l${kept}`, changes.set.get(id)!);
  }
  if (endsWithBreak) lines.push('');
  const bytes = encodeText(lines.join('\n'), decoded.encoding, decoded.bom);
  return render(bytes, write, options);
}

export const textFormat: FormatModule = {
  name: 'text',
  extensions: ['txt'],
  parse,
  render,
  edit,
};
