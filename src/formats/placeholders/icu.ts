/**
 * ICU MessageFormat placeholders, found with @formatjs/icu-messageformat-parser so the whole
 * argument syntax (formats, skeletons, plural/select/selectordinal, nesting, apostrophe quoting)
 * is understood rather than guessed by a regular expression.
 */
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import type { Placeholder } from './types.ts';

/** Simple `{name}` / `{n, number, style}` arguments, for texts the ICU parser rejects (a stray brace). */
const LOOSE_ARGUMENT = /\{\s*([\p{L}_$][\p{L}\p{N}_$.-]*|\d+)\s*(?:,\s*[a-z]+\s*(?:,[^{}]*)?)?\}/gu;

/**
 * ICU placeholders of `text`. `masked` is the same text with regions already claimed by another
 * syntax (i18next `{{x}}`) blanked out, so they do not break the ICU parse; offsets are shared.
 * Without `quoting`, apostrophes are read as plain characters (blanked before the parse).
 */
export function findIcu(text: string, masked: string, quoting = true): Placeholder[] {
  if (!masked.includes('{')) return [];
  const parsed = quoting ? masked : masked.replaceAll("'", '_');
  let ast: MessageFormatElement[];
  try {
    ast = parse(parsed, { captureLocation: true, ignoreTag: true, requiresOtherClause: false });
  } catch {
    return findLoose(text, parsed);
  }
  const out: Placeholder[] = [];
  collect(text, ast, out);
  return out;
}

function collect(text: string, elements: MessageFormatElement[], out: Placeholder[]): void {
  for (const el of elements) {
    const loc = el.location;
    if (!loc) continue;
    const start = loc.start.offset;
    const end = loc.end.offset;
    switch (el.type) {
      case TYPE.literal:
      case TYPE.tag:
        break;
      case TYPE.pound:
        out.push({ kind: 'icu-pound', text: '#', start, end });
        break;
      case TYPE.plural:
      case TYPE.select: {
        // The syntax around the branches becomes pieces; the branch texts stay translatable.
        let at = start;
        let first = true;
        for (const option of Object.values(el.options)) {
          const optionLoc = option.location;
          if (!optionLoc) continue;
          const inner = optionLoc.start.offset + 1;
          out.push(
            first
              ? { kind: 'icu-plural', text: text.slice(at, inner), start: at, end: inner, name: el.value }
              : { kind: 'icu-branch', text: text.slice(at, inner), start: at, end: inner },
          );
          first = false;
          collect(text, option.value, out);
          at = optionLoc.end.offset - 1;
        }
        out.push({ kind: 'icu-branch', text: text.slice(at, end), start: at, end });
        break;
      }
      default:
        out.push({ kind: 'icu', text: text.slice(start, end), start, end, name: el.value });
    }
  }
}

function findLoose(text: string, masked: string): Placeholder[] {
  const out: Placeholder[] = [];
  for (const m of masked.matchAll(LOOSE_ARGUMENT)) {
    const start = m.index;
    const end = start + m[0].length;
    out.push({ kind: 'icu', text: text.slice(start, end), start, end, name: m[1]! });
  }
  return out;
}
