/**
 * Literal text of an ICU message: the apostrophe quoting of ICU 4.8+ ("only where needed"), as
 * @formatjs/icu-messageformat-parser reads it. Literal runs are unquoted before they go to a
 * provider (which should see `don't`, not `don''t`) and quoted again after, so a translated
 * apostrophe cannot swallow the placeholder after it: French `l'{name}` would make `{name}`
 * literal text, so it is written `l''{name}`.
 */
import { parse } from '@formatjs/icu-messageformat-parser';
import { ALL_SYNTAXES, type PlaceholderSyntax } from '../../../src/formats/placeholders/types.ts';

/** Where a literal sits: `#` is special only directly inside a plural or selectordinal branch. */
export type IcuContext = 'top' | 'plural' | 'select';

/** The same i18next syntax that placeholder detection masks before parsing ICU (detect.ts). */
const I18NEXT = /\{\{\s*(?:-\s*)?[^{}]*?\s*\}\}|\$t\(\s*[^,()]+?\s*(?:,\s*\{[^()]*\}\s*)?\)/g;
const ICU_ONLY: readonly PlaceholderSyntax[] = ['printf', 'icu', 'tags'];

/**
 * How to read `text` as an ICU message: the placeholder syntaxes to detect in it, or undefined
 * when it is not a well-formed ICU message.
 *
 * `{{` is ambiguous: i18next interpolation, or an ICU branch that starts with an argument
 * (`other {{name}}`). A text that parses as ICU as it stands is read as pure ICU, so that branch
 * syntax is not mistaken for i18next; otherwise i18next interpolations are masked, as detection
 * does, and the rest must parse.
 */
export function icuSyntaxes(text: string): readonly PlaceholderSyntax[] | undefined {
  if (parses(text)) return ICU_ONLY;
  return parses(text.replace(I18NEXT, (m) => '_'.repeat(m.length))) ? ALL_SYNTAXES : undefined;
}

function parses(text: string): boolean {
  try {
    parse(text, { ignoreTag: true, requiresOtherClause: false });
    return true;
  } catch {
    return false;
  }
}

/** The context the branch syntax `{n, plural, one {` (or `{g, select, x {`) opens. */
export function contextOpenedBy(syntax: string): IcuContext {
  return /^\{\s*[^,{}]*,\s*select\s*,/.test(syntax) ? 'select' : 'plural';
}

function special(c: string | undefined, ctx: IcuContext): boolean {
  return c === '{' || c === '}' || (c === '#' && ctx === 'plural');
}

/** Reads ICU literal text as the characters it stands for. */
export function unquoteIcu(text: string, ctx: IcuContext): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c !== "'") {
      out += c;
      i++;
    } else if (next === "'") {
      out += "'";
      i += 2;
    } else if (special(next, ctx) || next === '<' || next === '>') {
      // Quoted text runs to the next lone apostrophe (or the end); `''` inside is one apostrophe.
      i++;
      while (i < text.length) {
        if (text[i] === "'" && text[i + 1] === "'") {
          out += "'";
          i += 2;
        } else if (text[i] === "'") {
          i++;
          break;
        } else out += text[i++];
      }
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/**
 * Writes characters as ICU literal text that reads back as exactly them. `following` is the text
 * that will come right after (a placeholder such as `{name}`), since an apostrophe at the end
 * quotes whatever follows.
 */
export function quoteIcu(text: string, ctx: IcuContext, following: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (special(c, ctx)) {
      // One quoted run up to the last special character of this word (`'{ici}'`, not
      // `'{'ici'}'`); inside a quote an apostrophe is written `''`.
      let end = i;
      for (let j = i; j < text.length && !/\s/.test(text[j]!); j++) if (special(text[j], ctx)) end = j;
      // An apostrophe right after the closing quote would read as `''` inside it: take it in.
      while (text[end + 1] === "'") end++;
      out += `'${text.slice(i, end + 1).replaceAll("'", "''")}'`;
      i = end + 1;
      continue;
    }
    if (c === "'") {
      const after = i + 1 < text.length ? text[i + 1] : following[0];
      out += after === "'" || after === '<' || after === '>' || special(after, ctx) ? "''" : "'";
    } else out += c;
    i++;
  }
  return out;
}
