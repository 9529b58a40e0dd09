/** An entry while it is being read: its comments, and the rules for the order of its fields. */
import type { Keyword, LineRange, PoEntry, PoField } from './read.ts';

/** An entry under construction; `obsolete` for `#~` entries, which are skipped. */
export type Draft = Omit<PoEntry, 'msgid'> & { msgid?: PoField; obsolete: boolean };

/** An empty entry starting at a text index. */
export function newDraft(start: number): Draft {
  return {
    start,
    translatorComments: [],
    extractedComments: [],
    references: [],
    flags: [],
    flagLines: [],
    previous: [],
    previousLines: [],
    msgstr: [],
    obsolete: false,
  };
}

/** Files a `#` line under its kind: translator, extracted (`#.`), reference (`#:`), flags (`#,`), previous (`#|`). */
export function addComment(draft: Draft, body: string, line: LineRange): void {
  const kind = body[0];
  const rest = body.slice(1).trim();
  if (kind === '.') draft.extractedComments.push(rest);
  else if (kind === ':') draft.references.push(...rest.split(/\s+/).filter(Boolean));
  else if (kind === ',') {
    draft.flags.push(
      ...rest
        .split(',')
        .map((f) => f.trim())
        .filter(Boolean),
    );
    draft.flagLines.push(line);
  } else if (kind === '|') {
    draft.previous.push(rest);
    draft.previousLines.push(line);
  } else draft.translatorComments.push(body.replace(/^ /, '').trimEnd());
}

/** Throws (through `fail`) when a keyword comes out of the order gettext requires. */
export function checkOrder(
  draft: Draft,
  keyword: Keyword,
  index: number | undefined,
  fail: (m: string) => Error,
): void {
  if (keyword === 'msgctxt' && (draft.msgctxt || draft.msgid))
    throw fail('msgctxt must come first in an entry');
  if (keyword === 'msgid' && draft.msgid) throw fail('msgid without msgstr');
  if (keyword === 'msgid_plural' && (!draft.msgid || draft.msgidPlural || draft.msgstr.length > 0)) {
    throw fail('msgid_plural must follow msgid');
  }
  if (keyword === 'msgstr') {
    if (!draft.msgid) throw fail('msgstr without msgid');
    if (draft.msgidPlural) {
      if (index !== draft.msgstr.length) throw fail(`expected msgstr[${draft.msgstr.length}]`);
    } else if (index !== undefined) throw fail('msgstr[n] without msgid_plural');
    else if (draft.msgstr.length > 0) throw fail('second msgstr in an entry');
  }
}
