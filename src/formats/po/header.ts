/**
 * The PO header (the msgstr of the empty msgid): reading its fields, the file's plural mapping, and
 * edits that set `Language` and `Plural-Forms` string by string so the other header lines keep
 * their bytes (gettext wraps long header lines, so lines are rewritten only when they change).
 */
import type { Edit } from '../file-text.ts';
import { escapePo, unescapePo, writePoString } from './escape.ts';
import type { PluralFormsHeader } from './plural-expr.ts';
import { parsePluralForms } from './plural-expr.ts';
import type { PluralMapping } from './plural-forms.ts';
import { pluralFormsFor, pluralMapping } from './plural-forms.ts';
import type { PoField, PoFile } from './read.ts';

/** Header fields by lower-cased name. */
export function headerFields(file: PoFile): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of (file.header?.msgstr[0]?.value ?? '').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return fields;
}

export interface FilePlurals {
  language: string | undefined;
  header: PluralFormsHeader | undefined;
  mapping: PluralMapping;
}

const GERMANIC = parsePluralForms('nplurals=2; plural=(n != 1);')!;

/**
 * How this file's msgstr[i] map to CLDR categories: its Plural-Forms read with its Language (or,
 * without one, a language gettext documents with the same formula), else gettext's default n != 1.
 */
export function filePlurals(file: PoFile): FilePlurals {
  const fields = headerFields(file);
  const language = fields.get('language') || undefined;
  const header = parsePluralForms(fields.get('plural-forms') ?? '');
  const documented = language ? pluralFormsFor(language) : undefined;
  const forms = header ?? (documented ? parsePluralForms(documented) : undefined) ?? GERMANIC;
  return { language, header, mapping: pluralMapping(language ?? languageFor(forms) ?? 'en', forms) };
}

const SAMPLE_LANGUAGES = [
  'en',
  'fr',
  'ja',
  'ru',
  'pl',
  'cs',
  'lt',
  'lv',
  'ro',
  'sl',
  'ga',
  'ar',
  'cy',
  'mt',
  'is',
  'mk',
  'gd',
];

/** A language whose documented formula has the same normalized text. */
function languageFor(forms: PluralFormsHeader): string | undefined {
  const normalize = (s: string) => s.replace(/[\s()]/g, '');
  const wanted = normalize(forms.expression);
  return SAMPLE_LANGUAGES.find((lang) => {
    const documented = parsePluralForms(pluralFormsFor(lang)!);
    return documented?.nplurals === forms.nplurals && normalize(documented.expression) === wanted;
  });
}

interface Piece {
  start: number;
  end: number;
  value: string;
}

/** Edits setting header fields (`Language`, `Plural-Forms`) to the given values. */
export function headerEdits(text: string, field: PoField, values: [string, string][], eol: string): Edit[] {
  const pieces = stringPieces(text, field);
  // Group the strings into header lines; a line may be wrapped over several strings.
  const lines: { name: string; first: Piece; last: Piece; value: string }[] = [];
  let open: Piece[] = [];
  for (const piece of pieces) {
    open.push(piece);
    if (piece.value.endsWith('\n')) {
      const value = open.map((p) => p.value).join('');
      lines.push({
        name: value
          .slice(0, Math.max(value.indexOf(':'), 0))
          .trim()
          .toLowerCase(),
        first: open[0]!,
        last: piece,
        value,
      });
      open = [];
    }
  }
  const aligned = open.length === 0 && lines.every((l) => l.value.indexOf('\n') === l.value.length - 1);
  const edits: Edit[] = [];
  if (!aligned || !field.multiline) return rewriteWhole(text, field, values, eol);
  for (const [name, value] of values) {
    const line = lines.find((l) => l.name === name.toLowerCase());
    const written = `"${escapePo(`${name}: ${value}\n`)}"`;
    if (line) {
      if (line.value.slice(line.value.indexOf(':') + 1).trim() !== value) {
        edits.push({ start: line.first.start, end: line.last.end, replacement: written });
      }
      continue;
    }
    // A missing Language goes after Language-Team (msginit's place), anything else at the end.
    const after =
      (name === 'Language' && lines.find((l) => l.name === 'language-team')) || lines[lines.length - 1];
    const at = after ? after.last.end : field.end;
    edits.push({ start: at, end: at, replacement: `${eol}${written}` });
  }
  return edits;
}

function rewriteWhole(text: string, field: PoField, values: [string, string][], eol: string): Edit[] {
  let value = field.value;
  for (const [name, v] of values) {
    const pattern = new RegExp(`^${name}:.*$`, 'mi');
    if (pattern.test(value)) value = value.replace(pattern, `${name}: ${v}`);
    else value += `${value === '' || value.endsWith('\n') ? '' : '\n'}${name}: ${v}\n`;
  }
  if (value === field.value) return [];
  const prefix = /^[ \t]*/.exec(text.slice(field.start))![0];
  const replacement = writePoString(
    'msgstr',
    value,
    { multiline: field.multiline, width: undefined },
    eol,
    prefix,
  );
  return [{ start: field.start, end: field.end, replacement }];
}

/** Positions and values of the quoted strings of a field. */
function stringPieces(text: string, field: PoField): Piece[] {
  const pieces: Piece[] = [];
  let i = field.firstString;
  while (i < field.end) {
    if (text[i] !== '"') {
      i++;
      continue;
    }
    let j = i + 1;
    while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
    const value = unescapePo(text.slice(i + 1, j));
    pieces.push({ start: i, end: j + 1, value: typeof value === 'string' ? value : '' });
    i = j + 1;
  }
  return pieces;
}
