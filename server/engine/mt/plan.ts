/**
 * How one source segment is sent to MT: its placeholders protected as inline codes, cut into the
 * parts a provider translates ("units") and the parts the pipeline writes itself ("fixed").
 *
 * With ICU data the plural/select syntax (`{n, plural, one {`, `} other {`, `}}`) is never sent:
 * the text before, between and inside branches goes out as separate units and the syntax is put
 * back between their translations exactly as written, so argument names, keywords, selectors and
 * nesting cannot change. `#` and simple arguments inside a branch are inline codes of that unit.
 * Without ICU data the whole segment is one unit and any ICU-looking syntax is an inline code.
 */

import { ALL_SYNTAXES } from '../../../src/formats/placeholders/types.ts';
import { type Placeholder, type PlaceholderSyntax, protect } from '../../../src/formats/placeholders.ts';
import { contextOpenedBy, type IcuContext, icuSyntaxes, unquoteIcu } from './icu-text.ts';
import { cutAtPrefix, type Item } from './prefix.ts';
import { pieces } from './tokens.ts';

export type Part =
  | { kind: 'fixed'; text: string }
  /**
   * Protected text for the provider. With ICU data, `ctx` is where its literal text sits and
   * `following` the text right after the unit, both needed to quote the translation again.
   */
  | { kind: 'unit'; text: string; ctx?: IcuContext; following: string };

export interface Plan {
  source: string;
  codes: Placeholder[];
  /** The caller's target prefix, written verbatim before everything else. */
  head: string;
  parts: Part[];
  /** The code ids the protected target must contain, each exactly as often as listed. */
  expected: number[];
  /** True when the source is treated as an ICU message (containsICUData and it parses as one). */
  icu: boolean;
  /** The placeholder syntaxes detected in the source (protected, and kept whole as words). */
  syntaxes: readonly PlaceholderSyntax[];
  /** The syntaxes compared between source and target to prove nothing was lost. */
  checked: readonly PlaceholderSyntax[];
}

/** Without ICU data, ICU syntax is not interpreted, so quoting cannot hide or reveal `{…}` in the target check. */
const PLAIN_CHECK: readonly PlaceholderSyntax[] = ['printf', 'i18next', 'tags'];

export interface PlanOptions {
  srclang: string;
  containsICUData?: boolean | undefined;
  prefix?: string | undefined;
  /** The placeholder syntaxes the source's format fills (FormatModule.placeholders); default every syntax. */
  placeholders?: readonly PlaceholderSyntax[] | undefined;
}

/** Plans the translation of `source`. */
export function planSegment(source: string, options: PlanOptions): Plan {
  const formatSyntaxes = options.placeholders;
  // A format without ICU messages (Rails) has none, whatever the request says.
  const icuReading =
    options.containsICUData === true && (formatSyntaxes?.includes('icu') ?? true)
      ? icuSyntaxes(source)
      : undefined;
  const icu = icuReading !== undefined;
  // Plain text is not an ICU message: its apostrophes quote nothing (see PlaceholderOptions.icuQuoting).
  const { text, codes } = protect(
    source,
    icuReading
      ? { syntaxes: icuReading }
      : { icuQuoting: false, ...(formatSyntaxes ? { syntaxes: formatSyntaxes } : {}) },
  );
  const items = readItems(text, codes);
  const head = options.prefix ?? '';
  const { carried, rest } =
    head === '' ? { carried: [], rest: items } : cutAtPrefix(items, head, codes, options.srclang);
  const parts: Part[] = [];
  if (carried.length > 0) {
    parts.push({ kind: 'fixed', text: (/\s$/.test(head) ? '' : ' ') + carried.map((c) => c.text).join(' ') });
  }
  if (icu) {
    let run: Item[] = [];
    for (const item of rest) {
      if (item.structural) {
        parts.push(...unit(run, codes[item.id! - 1]?.text ?? ''));
        run = [];
        parts.push({ kind: 'fixed', text: item.text });
      } else run.push(item);
    }
    parts.push(...unit(run, ''));
  } else parts.push(...unit(rest, undefined));
  const expected = [...carried, ...rest].flatMap((item) => (item.id === undefined ? [] : [item.id]));
  const syntaxes = icuReading ?? formatSyntaxes ?? ALL_SYNTAXES;
  const checked = icuReading ?? (formatSyntaxes ? formatSyntaxes.filter((s) => s !== 'icu') : PLAIN_CHECK);
  return { source, codes, head, parts, expected, icu, syntaxes, checked };

  /** One unit of consecutive items; `following` is the code text after it (ICU) or undefined (plain). */
  function unit(run: Item[], following: string | undefined): Part[] {
    if (run.length === 0) return [];
    const original = run.map((item) => item.text).join('');
    // Nothing to translate (only codes, digits, punctuation, space): the source text stays.
    if (!run.some((item) => item.id === undefined && /\p{L}/u.test(item.text))) {
      return [{ kind: 'fixed', text: original }];
    }
    if (following === undefined) return [{ kind: 'unit', text: original, following: '' }];
    const ctx = run[0]!.ctx;
    const text = run.map((item) => (item.id === undefined ? unquoteIcu(item.text, ctx) : item.text)).join('');
    return [{ kind: 'unit', text, ctx, following }];
  }
}

/** The protected text as items, each knowing its ICU context and whether it is branch syntax. */
function readItems(text: string, codes: readonly Placeholder[]): Item[] {
  const stack: IcuContext[] = [];
  const items: Item[] = [];
  for (const piece of pieces(text)) {
    const ctx = stack.at(-1) ?? 'top';
    const code = piece.id === undefined ? undefined : codes[piece.id - 1];
    if (code?.kind === 'icu-plural') {
      items.push({ ...piece, ctx, structural: true });
      stack.push(contextOpenedBy(code.text));
    } else if (code?.kind === 'icu-branch') {
      items.push({ ...piece, ctx, structural: true });
      // `} other {` moves to the next branch; a final `}}` closes the argument.
      if (!code.text.trimEnd().endsWith('{')) stack.pop();
    } else items.push({ ...piece, ctx, structural: false });
  }
  return items;
}
