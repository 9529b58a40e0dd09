/**
 * A sequence of language codes inside a YAML settings file, found by its keys joined with `.`
 * (`i18n.available_locales`): flow (`[en, de]`) or block (`- en`). Rails apps often write the
 * codes as symbols (`:en`); new items copy that, and the quoting, from the last item.
 */
import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument, Scalar, type YAMLSeq } from 'yaml';
import type { DecodedText } from '../formats/file-text.ts';
import { LocaleListError } from './errors.ts';
import { bracketSeparator, fillBrackets, type ListItem, type ListSite, newlineOf } from './list-edits.ts';

/**
 * Plain scalars Ruby's YAML (Psych, YAML 1.1) reads as something other than the string: a plain
 * `no` (Norwegian) is `false` to Rails, so such a code is quoted.
 */
const NOT_A_STRING = /^(?:[yn]|yes|no|true|false|on|off|null|~|[-+.\d_:]+)$/i;

function sequenceAt(node: Node | null, at: string, path: string): YAMLSeq {
  let current: unknown = node;
  let walked = '';
  for (const key of at.split('.')) {
    const where = walked === '' ? 'the top level' : walked;
    let next: unknown;
    if (isMap(current)) next = current.get(key, true);
    else if (isSeq(current) && /^\d+$/.test(key)) next = current.get(Number(key), true);
    if (next === undefined) {
      // A `<<: *defaults` merge is read by Ruby, but the list lives where the anchor is written.
      const merged =
        isMap(current) && current.has('<<')
          ? ' (it merges another mapping with <<: point at into that one)'
          : '';
      throw new LocaleListError(path, `has no ${at}: ${where} has no "${key}"${merged}`);
    }
    walked = walked === '' ? key : `${walked}.${key}`;
    current = next;
  }
  if (!isSeq(current)) {
    const what = current === null || (isScalar(current) && current.value === null) ? 'empty' : 'not a list';
    throw new LocaleListError(
      path,
      `${at} is ${what}: write it as a list, like ${at.split('.').at(-1)}: [en]`,
    );
  }
  return current;
}

/** The scalar items of the sequence at `at` in a YAML file; throws LocaleListError when it is not there. */
export function yamlSite(decoded: DecodedText, path: string, at: string): ListSite {
  const { text } = decoded;
  const lines = new LineCounter();
  const doc = parseDocument(text, { prettyErrors: false, lineCounter: lines });
  const error = doc.errors[0];
  if (error) {
    const { line, col: column } = lines.linePos(error.pos[0]);
    throw new LocaleListError(path, `is not valid YAML (line ${line}, column ${column}): ${error.message}`);
  }
  const seq = sequenceAt(doc.contents, at, path);
  const types = new Map<ListItem, Scalar.Type | undefined>();
  const items = seq.items.map((node): ListItem => {
    const [from, to] = (node as Node).range ?? [0, 0];
    const start = seq.flow ? from : text.lastIndexOf('-', from - 1);
    if (!isScalar(node) || typeof node.value !== 'string') {
      return { value: undefined, start, end: to, valueStart: to, valueEnd: to };
    }
    const quoted = node.type === Scalar.QUOTE_DOUBLE || node.type === Scalar.QUOTE_SINGLE;
    const symbol = !quoted && text[from] === ':';
    const valueStart = quoted || symbol ? from + 1 : from;
    const valueEnd = quoted ? to - 1 : to;
    const item = {
      value: quoted ? node.value : text.slice(valueStart, valueEnd),
      start,
      end: to,
      valueStart,
      valueEnd,
    };
    types.set(item, node.type);
    return item;
  });
  const newline = newlineOf(text);
  const [open, close] = seq.range ?? [0, 0];
  return {
    text,
    newline,
    items,
    layout: seq.flow ? 'separated' : 'lines',
    separator: bracketSeparator(text, open, items[0], newline),
    write: (code, like) => {
      const type = like ? types.get(like) : undefined;
      const before = like ? text.slice(like.start, like.valueStart) : seq.flow ? '' : '- ';
      const after = like ? text.slice(like.valueEnd, like.end) : '';
      if (type === Scalar.QUOTE_DOUBLE) return before + JSON.stringify(code).slice(1, -1) + after;
      if (type === Scalar.QUOTE_SINGLE) return before + code.replaceAll("'", "''") + after;
      // A symbol (`:no`) is read as one whatever follows the colon.
      const symbol = before.endsWith(':');
      return !symbol && NOT_A_STRING.test(code) ? `${before}'${code}'${after}` : before + code + after;
    },
    fill: (markups) => fillBrackets(text, open, close - 1, markups, newline),
  };
}
