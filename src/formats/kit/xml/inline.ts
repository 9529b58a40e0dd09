import { localName } from './document.ts';
import type { XmlElement, XmlNode } from './nodes.ts';

/**
 * Inline markup in unit text. XML formats put markup inside translatable text (XLIFF `<g>`, `<x/>`,
 * Android `<b>`, `<xliff:g>`). A unit's text keeps each tag exactly as written in the file, while
 * character data between tags is decoded (`&amp;` → `&`). Placeholder protection therefore sees the
 * tags, and render writes them back verbatim, escaping only the text around them.
 *
 * Going back is the tricky half: `<b>` in a translation is markup unless the source had that very
 * tag as escaped text (`&lt;b&gt;`), or it cannot be paired with a matching end tag and its name is
 * not one of the format's inline elements (then it is plain text that happens to contain `<`).
 * An unpaired tag the format knows (`<g id="1">` left open) is an error: the result would not be
 * the markup the translator meant.
 */

/** Unit text of mixed content: decoded text, markup as written. */
export function mixedText(text: string, element: XmlElement): string {
  let out = '';
  for (const child of element.children) out += nodeText(text, child);
  return out;
}

function nodeText(text: string, node: XmlNode): string {
  switch (node.kind) {
    case 'text':
    case 'cdata':
      return node.value;
    case 'element':
      if (node.selfClosing) return text.slice(node.start, node.end);
      return (
        text.slice(node.start, node.openEnd) + mixedText(text, node) + text.slice(node.closeStart, node.end)
      );
    default:
      return text.slice(node.start, node.end);
  }
}

/** The raw tags (start, end, empty) and comments inside an element, as written. */
export function markupOf(text: string, element: XmlElement, into: Set<string> = new Set()): Set<string> {
  for (const child of element.children) {
    if (child.kind === 'element') {
      into.add(text.slice(child.start, child.openEnd));
      if (!child.selfClosing) {
        into.add(text.slice(child.closeStart, child.end));
        markupOf(text, child, into);
      }
    } else if (child.kind === 'comment' || child.kind === 'pi') {
      into.add(text.slice(child.start, child.end));
    }
  }
  return into;
}

export interface InlineOptions {
  /** Escapes a run of plain text; `atStart` is true for text at the very start of the value. */
  escape(text: string, atStart: boolean): string;
  /** Local names of the format's inline elements: these must pair up or the translation is refused. */
  known: ReadonlySet<string>;
  /** The unit's source text and the markup its original content contains. */
  source: string;
  sourceMarkup: ReadonlySet<string>;
  fail(message: string): never;
}

type Token =
  | { kind: 'text'; raw: string }
  | { kind: 'open' | 'close' | 'empty' | 'other'; raw: string; name: string };

const REFERENCE = '&(?:lt|gt|amp|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);';
const TAG = new RegExp(
  `<(/?)([A-Za-z_:][\\w.:\\-\\u00B7\\u00C0-\\uFFFF]*)((?:\\s+[A-Za-z_:][\\w.:\\-]*\\s*=\\s*(?:"(?:[^"<&]|${REFERENCE})*"|'(?:[^'<&]|${REFERENCE})*'))*)\\s*(/?)>`,
  'y',
);
const COMMENT = /<!--[\s\S]*?-->/y;
const ANY_MARKUP = new RegExp(`${TAG.source}|${COMMENT.source}`, 'g');

/** The text with every well-formed tag and comment taken out (what remains around the markup). */
export function withoutMarkup(text: string): string {
  return text.includes('<') ? text.replace(ANY_MARKUP, '') : text;
}

/** Turns unit text with inline markup back into element content: text escaped, tags verbatim. */
export function renderMixed(translation: string, options: InlineOptions): string {
  const tokens = tokenize(translation, options);
  pair(tokens, options);
  let out = '';
  let text = '';
  for (const token of tokens) {
    if (token.kind === 'text') {
      text += token.raw;
      continue;
    }
    if (text) out += options.escape(text, out === '');
    text = '';
    out += token.raw;
  }
  if (text) out += options.escape(text, out === '');
  return out;
}

function tokenize(translation: string, options: InlineOptions): Token[] {
  const tokens: Token[] = [];
  let textStart = 0;
  let i = translation.indexOf('<');
  while (i >= 0) {
    TAG.lastIndex = i;
    COMMENT.lastIndex = i;
    const tag = TAG.exec(translation);
    const comment = tag ? null : COMMENT.exec(translation);
    let token: Token | undefined;
    if (tag && !(tag[1] && (tag[3] || tag[4]))) {
      const kind = tag[1] ? 'close' : tag[4] ? 'empty' : 'open';
      token = { kind, raw: tag[0], name: tag[2]! };
    } else if (comment) {
      token = { kind: 'other', raw: comment[0], name: '' };
    }
    // A tag the source carried as escaped text stays text.
    if (token && options.source.includes(token.raw) && !options.sourceMarkup.has(token.raw))
      token = undefined;
    if (!token) {
      i = translation.indexOf('<', i + 1);
      continue;
    }
    if (i > textStart) tokens.push({ kind: 'text', raw: translation.slice(textStart, i) });
    tokens.push(token);
    textStart = i + token.raw.length;
    i = translation.indexOf('<', textStart);
  }
  if (textStart < translation.length) tokens.push({ kind: 'text', raw: translation.slice(textStart) });
  return tokens;
}

/** Pairs start and end tags; unpaired tags become text, or an error when the format knows them. */
function pair(tokens: Token[], options: InlineOptions): void {
  const open: number[] = [];
  const unpaired: number[] = [];
  tokens.forEach((token, index) => {
    if (token.kind === 'open') open.push(index);
    if (token.kind !== 'close') return;
    const match = open.findLastIndex((o) => (tokens[o] as { name: string }).name === token.name);
    if (match < 0) {
      unpaired.push(index);
      return;
    }
    unpaired.push(...open.splice(match).slice(1));
  });
  unpaired.push(...open);
  for (const index of unpaired) {
    const token = tokens[index] as { raw: string; name: string };
    if (options.known.has(localName(token.name)))
      options.fail(`the translation's ${token.raw} has no matching tag`);
    tokens[index] = { kind: 'text', raw: token.raw };
  }
}
