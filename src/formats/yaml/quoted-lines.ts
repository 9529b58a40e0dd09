/**
 * Quoted scalars over several lines read as Ruby reads them. Psych (libyaml) does not check the
 * indentation of a quoted scalar's continuation lines; the `yaml` package follows YAML 1.2 and
 * ends the scalar at a line indented no deeper than its parent (`Missing closing "quote`). Real
 * Rails files rely on libyaml here (openfoodnetwork's `en.yml`:
 *
 *     message_html: "<b>Please try again</b>
 *     <p>This might be a temporary problem.</p>"
 *
 * So where the `yaml` package stops at such a scalar, the scalar is scanned here with libyaml's
 * rules (yaml_parser_scan_flow_scalar), the `yaml` package parses a copy of the text in which the
 * scalar's line breaks are spaces (same length: every range still points into the original), and
 * the scalar's value is the one scanned here.
 */
import type { Document } from 'yaml';
import { isScalar, parseAllDocuments, visit } from 'yaml';

// Merge keys (`<<: *defaults`) are a YAML 1.1 feature Rails files rely on; `prettyErrors: false`
// keeps messages short because FormatError carries the line and column itself. The library's
// duplicate-key check compares every key with every earlier one (quadratic on a big `en:` map), so
// read.ts finds duplicates with a set per map instead.
const OPTIONS = { merge: true, keepSourceTokens: true, prettyErrors: false, uniqueKeys: false } as const;

/** Documents of `text`, with quoted scalars over several lines read as libyaml reads them. */
export function parseDocuments(text: string): Document.Parsed[] {
  const folded = new Map<number, string>();
  let parsed = text;
  // Each pass mends the scalars the `yaml` package stopped at; the next pass reads on from there.
  for (;;) {
    const docs = parseAllDocuments(parsed, OPTIONS);
    const list = Array.isArray(docs) ? docs : [];
    const mends = unclosedScalars(list, text, folded);
    if (mends.length === 0) {
      if (folded.size > 0) for (const doc of list) setValues(doc, folded);
      return list;
    }
    let next = '';
    let from = 0;
    for (const { start, end } of mends) {
      next += parsed.slice(from, start) + parsed.slice(start, end).replace(/[\r\n]/g, ' ');
      from = end;
    }
    parsed = next + parsed.slice(from);
  }
}

/**
 * The quoted scalars the `yaml` package left unclosed that libyaml reads to a closing quote: the
 * first error's scalar, and the later ones that start after its end (inside it the package's
 * recovery can take any quote for a scalar's start). Their values go into `folded`.
 */
function unclosedScalars(
  docs: Document.Parsed[],
  text: string,
  folded: Map<number, string>,
): { start: number; end: number }[] {
  const mends: { start: number; end: number }[] = [];
  for (const doc of docs) {
    for (const error of doc.errors) {
      if (error.code !== 'MISSING_CHAR' || !/^Missing closing ["']quote/.test(error.message)) {
        if (mends.length === 0) return mends;
        continue;
      }
      const start = quotedStart(doc, error.pos[0]);
      if (start === undefined || (mends.length > 0 && start < mends.at(-1)!.end)) continue;
      const scanned = scanQuoted(text, start);
      if (!('value' in scanned)) {
        if (mends.length === 0) return mends;
        continue;
      }
      folded.set(start, scanned.value);
      mends.push({ start, end: scanned.end });
    }
  }
  return mends;
}

/** The start of the quoted scalar whose first line ends at `at`, where the package stopped. */
function quotedStart(doc: Document.Parsed, at: number): number | undefined {
  let start: number | undefined;
  visit(doc, {
    Scalar(_, node) {
      const quoted = node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE';
      if (quoted && node.range?.[1] === at) {
        start = node.range[0];
        return visit.BREAK;
      }
    },
  });
  return start;
}

function setValues(doc: Document.Parsed, folded: ReadonlyMap<number, string>): void {
  visit(doc, {
    Node(_, node) {
      if (!isScalar(node) || !node.range) return;
      const value = folded.get(node.range[0]);
      if (value !== undefined) node.value = value;
    },
  });
}

// libyaml's escapes in double-quoted scalars (YAML 1.1 §5.6 plus `\/`); `\x`, `\u`, `\U` take hex digits.
const ESCAPES: Readonly<Record<string, string>> = {
  '0': '\0',
  a: '\u0007',
  b: '\b',
  t: '\t',
  '\t': '\t',
  n: '\n',
  v: '\u000b',
  f: '\f',
  r: '\r',
  e: '\u001b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
};
const HEX_DIGITS: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };

const isBreak = (c: string | undefined) => c === '\n' || c === '\r';
const isBlank = (c: string | undefined) => c === ' ' || c === '\t';

/** Index after the line break at `i` (CRLF is one break). */
function afterBreak(text: string, i: number): number {
  return text[i] === '\r' && text[i + 1] === '\n' ? i + 2 : i + 1;
}

/**
 * Scans the quoted scalar whose opening quote is at `start` as libyaml does: its value and the
 * index after its closing quote, or why libyaml refuses it. Line folding (YAML 1.2 §7.3.1): a line
 * break between text is a space, each further empty line a `\n`; white space around a break is
 * dropped; in double quotes a `\` before a break escapes it (nothing is added). Single quotes
 * escape a quote by doubling it.
 */
export function scanQuoted(text: string, start: number): { value: string; end: number } | { error: string } {
  const quote = text[start];
  const double = quote === '"';
  let value = '';
  let i = start + 1;
  for (;;) {
    const lineStart = i === 0 || isBreak(text[i - 1]);
    if (lineStart && /^(?:---|\.\.\.)(?:[ \t\r\n]|$)/.test(text.slice(i, i + 4)))
      return { error: 'found unexpected document indicator while scanning a quoted scalar' };
    if (i >= text.length) return { error: 'found unexpected end of stream while scanning a quoted scalar' };
    let escapedBreak = false;
    // Text up to white space, a line break or the closing quote.
    while (i < text.length && !isBlank(text[i]) && !isBreak(text[i])) {
      const c = text[i]!;
      if (!double && c === "'" && text[i + 1] === "'") {
        value += "'";
        i += 2;
      } else if (c === quote) return { value, end: i + 1 };
      else if (double && c === '\\' && isBreak(text[i + 1])) {
        i = afterBreak(text, i + 1);
        escapedBreak = true;
        break;
      } else if (double && c === '\\') {
        const e = text[i + 1] ?? '';
        const digits = HEX_DIGITS[e];
        if (digits !== undefined) {
          const hex = text.slice(i + 2, i + 2 + digits);
          const code = /^[0-9A-Fa-f]+$/.test(hex) && hex.length === digits ? Number.parseInt(hex, 16) : -1;
          if (code < 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
            return { error: 'found invalid Unicode character escape code while parsing a quoted scalar' };
          value += String.fromCodePoint(code);
          i += 2 + digits;
        } else {
          const escaped = ESCAPES[e];
          if (escaped === undefined)
            return { error: 'found unknown escape character while parsing a quoted scalar' };
          value += escaped;
          i += 2;
        }
      } else {
        value += c;
        i++;
      }
    }
    // White space and line breaks up to the next text.
    let spaces = '';
    let broken = escapedBreak;
    let folded = escapedBreak;
    let breaks = 0;
    while (i < text.length && (isBlank(text[i]) || isBreak(text[i]))) {
      if (isBlank(text[i])) {
        if (!broken) spaces += text[i];
        i++;
        continue;
      }
      if (!broken) {
        broken = true;
        folded = false;
      } else breaks++;
      i = afterBreak(text, i);
    }
    if (!broken) value += spaces;
    else if (!folded && breaks === 0) value += ' ';
    else value += '\n'.repeat(breaks);
  }
}
