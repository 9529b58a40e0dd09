/**
 * Edits for a Rails plural hash: change the forms, insert the target language's categories the
 * file lacks (after the existing keys, with their indentation and value style) and remove the
 * categories the target language does not use.
 */
import type { Scalar } from 'yaml';
import type { Edit } from '../file-text.ts';
import { CATEGORY_ORDER } from '../kit/plural-forms.ts';
import { writeBlock } from '../kit/yaml/block-scalar.ts';
import type { FlowStyle } from '../kit/yaml/flow-scalar.ts';
import { writeFlowScalar } from '../kit/yaml/flow-scalar.ts';
import { blockSource, scalarEdit } from '../kit/yaml/scalar-edit.ts';
import type { PluralCategory, PluralForms } from '../model.ts';
import type { PluralEntry } from './read.ts';

/** A plural hash's pair: both key and value are string scalars (checked when reading). */
type StringPair = { key: Scalar<string>; value: Scalar<string> };

/** CLDR categories of a language, from Intl.PluralRules (never a hand table). */
export function targetCategories(lang: string): PluralCategory[] {
  return new Intl.PluralRules(lang).resolvedOptions().pluralCategories as PluralCategory[];
}

/** Plural forms of a translation; a plain string stands for every form. */
export function toForms(
  translation: string | PluralForms,
  categories: readonly PluralCategory[],
): PluralForms {
  if (typeof translation !== 'string') return translation;
  const forms: PluralForms = { other: translation };
  for (const c of categories) forms[c] = translation;
  return forms;
}

/** Same categories with the same texts. */
export function sameForms(a: PluralForms, b: PluralForms): boolean {
  const keys = Object.keys(a) as PluralCategory[];
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/**
 * Edits writing a plural translation into a Rails plural hash for the target language; none when
 * the forms equal the source's.
 */
export function pluralEdits(
  text: string,
  entry: PluralEntry,
  translation: string | PluralForms,
  targetLang: string,
  eol: string,
): Edit[] {
  const categories = targetCategories(targetLang);
  const forms = toForms(translation, categories);
  const source: PluralForms = { other: entry.forms.get('other')!.value };
  for (const [c, node] of entry.forms) source[c] = node.value;
  if (sameForms(forms, source)) return [];

  // Categories written: the target language's, plus explicit extras the file already has (Rails `zero`).
  const keep = new Set<PluralCategory>(categories);
  for (const c of entry.forms.keys()) if (forms[c] !== undefined) keep.add(c);
  const flow = entry.map.flow === true;
  const pairs = entry.map.items as unknown as StringPair[];
  const kept = pairs.filter((p) => keep.has(p.key.value as PluralCategory));
  const anchor = kept[kept.length - 1]!;

  const valueEdits: Edit[] = [];
  let anchorEnd = -1;
  for (const pair of kept) {
    const value = forms[pair.key.value as PluralCategory] ?? forms.other;
    if (value === pair.value.value) continue;
    const edits = scalarEdit(text, pair.value, value, flow, eol);
    if (pair === anchor) anchorEnd = Math.max(...edits.map((e) => e.end));
    valueEdits.push(...edits);
  }

  const missing = CATEGORY_ORDER.filter((c) => keep.has(c) && !entry.forms.has(c));
  const insertions =
    missing.length === 0 ? [] : [insertion(text, anchor, missing, forms, flow, eol, anchorEnd)];
  const removals = pairs
    .filter((p) => !keep.has(p.key.value as PluralCategory))
    .map((p) => removal(text, pairs, p, flow));
  // Insertions first: a removal may start exactly where they go, and applyEdits keeps equal starts in order.
  return [...valueEdits, ...insertions, ...removals];
}

/** One edit adding the missing categories after the anchor pair, in CLDR order. */
function insertion(
  text: string,
  anchor: StringPair,
  categories: PluralCategory[],
  forms: PluralForms,
  flow: boolean,
  eol: string,
  anchorEnd: number,
): Edit {
  const node = anchor.value;
  if (flow) {
    const at = node.range![1];
    const pairs = categories.map(
      (c) => `, ${c}: ${writeFlowScalar(forms[c] ?? forms.other, styleOf(node), true)}`,
    );
    return { start: at, end: at, replacement: pairs.join('') };
  }
  const keyStart = anchor.key.range![0];
  const indent = ' '.repeat(keyStart - (text.lastIndexOf('\n', keyStart - 1) + 1));
  const at = Math.min(Math.max(lineEndAfter(text, node), anchorEnd), text.length);
  const block =
    node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED' ? blockSource(node, eol) : undefined;
  const lines = categories.map((c) => {
    const value = forms[c] ?? forms.other;
    // The new key sits in the same map at the same column, so the sibling's block layout fits it as is.
    const out = block && writeBlock(value, block.layout);
    const written = out
      ? `${out.header}${eol}${out.body}`.slice(0, -eol.length)
      : writeFlowScalar(value, styleOf(node), false);
    return `${indent}${c}: ${written}`;
  });
  // At the end of a file without a final newline the new lines go after a break and add none.
  const atEnd = at === text.length && !text.endsWith('\n');
  return {
    start: at,
    end: at,
    replacement: atEnd ? lines.map((l) => eol + l).join('') : lines.map((l) => l + eol).join(''),
  };
}

function styleOf(node: Scalar): FlowStyle {
  return node.type === 'QUOTE_SINGLE' || node.type === 'QUOTE_DOUBLE' ? node.type : 'PLAIN';
}

/** Index just past the line holding the end of a value (its trailing comment and line break included). */
function lineEndAfter(text: string, node: Scalar): number {
  const end = node.range![1];
  if (node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED') return end;
  const lf = text.indexOf('\n', end);
  return lf < 0 ? text.length : lf + 1;
}

function removal(text: string, pairs: StringPair[], pair: StringPair, flow: boolean): Edit {
  const index = pairs.indexOf(pair);
  const keyStart = pair.key.range![0];
  const valueEnd = pair.value.range![1];
  const next = pairs[index + 1];
  const prev = pairs[index - 1];
  const lineStart = text.lastIndexOf('\n', keyStart - 1) + 1;
  if (!flow && /^[ \t]*$/.test(text.slice(lineStart, keyStart))) {
    return { start: lineStart, end: lineEndAfter(text, pair.value), replacement: '' };
  }
  // The key shares its line with something else (`- one: …`, `{one: …, other: …}`): cut up to the next key.
  if (next) return { start: keyStart, end: next.key.range![0], replacement: '' };
  if (prev) return { start: prev.value.range![1], end: valueEnd, replacement: '' };
  return { start: keyStart, end: valueEnd, replacement: '' };
}
