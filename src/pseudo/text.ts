/**
 * One text made pseudo: its words accented or turned right-to-left, padded to the profile's
 * length and bracketed, while everything a runtime reads stays byte for byte as the source has it
 * — placeholders of every syntax the QA rule set knows (printf, positional, Ruby, Python,
 * MessageFormat, ICU arguments and plural/select syntax with `#`, i18next interpolation and
 * nesting), HTML/XML tags and XLIFF inline codes, character references, URLs and Markdown code.
 * Detection is the formats library's (protect, the same call MT protection makes), so pseudo text
 * and the QA check never disagree about what a placeholder is.
 */

import { ALL_SYNTAXES } from '../formats/placeholders/types.ts';
import { type Placeholder, type PlaceholderSyntax, protect } from '../formats/placeholders.ts';
import { accent, filler, rtlWhole, rtlWords } from './letters.ts';
import type { PseudoProfile } from './profiles.ts';

export interface PseudoTextOptions {
  profile: PseudoProfile;
  /** The syntaxes the file's format fills (FormatModule.placeholders); every common one is kept besides. */
  syntaxes?: readonly PlaceholderSyntax[];
  /** The text is an ICU message: apostrophes quote (`'{'` is a literal brace, so text). */
  icu?: boolean;
}

/**
 * Text no placeholder syntax claims that must still stay as written: character references
 * (`&amp;`, `&#8230;`), URLs and e-mail links, Markdown code spans and link destinations, and the
 * content of Android's `<xliff:g>` (marked "do not translate" by the file itself).
 */
const KEPT = [
  /&(?:[A-Za-z][A-Za-z0-9]*|#\d+|#[xX][0-9A-Fa-f]+);/g,
  // Not past a brace: `{`/`}` there are the message's (`{url}`, a branch's end).
  /\b(?:[a-z][a-z0-9+.-]*:\/\/|mailto:|www\.)[^\s<>"'`)\]{}]+/gi,
  /(`+)[^`][\s\S]*?\1/g,
  /\]\([^()\s]*(?:\s+"[^"]*")?\)/g,
  /<xliff:g\b[^>]*>[\s\S]*?<\/xliff:g>/g,
];

/** Kinds shown as one right-to-left word in RTL pseudo text (values the runtime puts in). */
const ARGUMENT = new Set(['printf', 'positional', 'icu', 'icu-pound', 'i18next', 'i18next-nesting']);

/** Every range of `text` pseudo text must not change, outermost first, without overlaps. */
function keptRanges(text: string, options: PseudoTextOptions): Placeholder[] {
  const syntaxes = [...new Set([...ALL_SYNTAXES, ...(options.syntaxes ?? [])])];
  const codes = protect(text, { syntaxes, icuQuoting: options.icu ?? false }).codes;
  const kept: Placeholder[] = [];
  for (const pattern of KEPT)
    for (const m of text.matchAll(pattern))
      kept.push({ kind: 'tag', text: m[0], start: m.index, end: m.index + m[0].length, name: '' });
  const all = [...codes, ...kept].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Placeholder[] = [];
  let at = 0;
  for (const p of all) {
    if (p.start < at) {
      // Overlapping: the longer wins (a URL holding `%20`, a tag holding a URL).
      const last = out.at(-1)!;
      if (p.end > last.end && p.start === last.start) out[out.length - 1] = p;
      else if (p.end > last.end) {
        out[out.length - 1] = { ...last, end: p.end, text: text.slice(last.start, p.end), kind: 'tag' };
      }
      at = out.at(-1)!.end;
      continue;
    }
    out.push(p);
    at = p.end;
  }
  return out;
}

/** What a frame of the message collects: the top level, an ICU argument, or one of its branches. */
interface Frame {
  kind: 'top' | 'arg' | 'branch';
  /** Visible characters written in it (its expansion is a share of them). */
  length: number;
}

/**
 * `text` as the profile shows it. Leading and trailing whitespace stays outside the brackets (it
 * is often layout: `"  Hello  "`); an empty or blank text stays as it is. In an ICU message each
 * plural/select branch is padded on its own, so whichever branch the runtime picks is expanded.
 */
export function pseudoText(text: string, options: PseudoTextOptions): string {
  if (text.trim() === '') return text;
  const { profile } = options;
  // trimStart/trimEnd take what `\s` matches; a /\s*$/ search retries at every position.
  const lead = text.slice(0, text.length - text.trimStart().length);
  const trail = text.slice(text.trimEnd().length);
  const core = text.slice(lead.length, text.length - trail.length);
  const stack: Frame[] = [{ kind: 'top', length: 0 }];
  const pad = (frame: Frame) => {
    const extra = filler(Math.ceil((frame.length * profile.expand) / 100));
    return profile.rtl ? rtlWords(extra) : extra;
  };
  const words = (run: string) => {
    stack.at(-1)!.length += [...run].length;
    const accented = profile.accents ? accent(run, profile.latin1) : run;
    return profile.rtl ? rtlWords(accented) : accented;
  };
  let out = '';
  let at = 0;
  for (const code of keptRanges(core, options)) {
    out += words(core.slice(at, code.start));
    at = code.end;
    if (code.kind === 'icu-plural' || code.kind === 'icu-branch') {
      // Plural/select syntax: walk its braces to know which branch each later text is in.
      for (const c of code.text) {
        if (c === '}') {
          const frame = stack.length > 1 ? stack.pop()! : undefined;
          if (frame?.kind === 'branch') out += pad(frame);
        } else if (c === '{')
          stack.push({ kind: stack.at(-1)!.kind === 'arg' ? 'branch' : 'arg', length: 0 });
        out += c;
      }
    } else
      out += profile.rtl && ARGUMENT.has(code.kind) && code.text !== '%%' ? rtlWhole(code.text) : code.text;
  }
  out += words(core.slice(at));
  out += pad(stack[0]!);
  return profile.brackets ? `${lead}[${out}]${trail}` : `${lead}${out}${trail}`;
}
