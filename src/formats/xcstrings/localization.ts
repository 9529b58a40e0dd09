/**
 * The text of one catalog string's target-language localization, written straight from the shape
 * of its source localization (string unit, plural and device variations, substitutions) the way
 * Xcode writes it (see xcode-json.ts): members in Foundation's sorted-key order, `"key" : value`,
 * one indentation unit per level. A large render writes thousands of these, so no object tree is
 * built and serialized afterwards: pieces are appended to one string.
 *
 * Leaves with a translation are `translated`; the others keep what the target localization
 * already says, or get the source text with state `new` (Xcode's "needs translation"), so that a
 * variation is never left without its `other` form.
 */

import { FormatError } from '../errors.ts';
import { type JsonDoc, NUMBER, OBJECT, STRING } from '../kit/json/tokens.ts';
import { CATEGORY_ORDER, formPlan } from '../kit/plural-forms.ts';
import type { PluralCategory, PluralForms } from '../model.ts';
import {
  type CatalogString,
  type Leaf,
  type NodeMembers,
  nodeAt,
  nodeMembers,
  objectMember,
  stringUnitValue,
} from './catalog.ts';
import { Pieces } from './pieces.ts';
import { type XcodeStyle, xcodeCompare } from './xcode-json.ts';

/** Plural categories in Xcode's (sorted-key) order: few, many, one, other, two, zero (CATEGORY_ORDER indexes). */
const XCODE_ORDER: readonly number[] = [3, 4, 1, 5, 2, 0];

/** Writes target localizations for one render: one document, style and target language. */
export class LocalizationWriter {
  private readonly doc: JsonDoc;
  private readonly style: XcodeStyle;
  private readonly targetLang: string;
  private readonly pieces: Pieces;
  /** Member names that every localization uses, escaped once. */
  private readonly names: Record<
    'argNum' | 'formatSpecifier' | 'stringUnit' | 'substitutions' | 'variations' | 'device' | 'plural',
    string
  >;
  private out = '';
  /** The string being written: its leaves, their translations (by leaf index), its existing target. */
  private leaves: readonly Leaf[] = [];
  private found: readonly (string | PluralForms | undefined)[] = [];
  private existing = -1;
  /** What existingUnit read last. */
  private state = '';
  private value = '';
  /** Scratch for nodeMembers (read before any recursion). */
  private readonly members: NodeMembers = { stringUnit: -1, variations: -1, substitutions: -1 };

  constructor(doc: JsonDoc, style: XcodeStyle, targetLang: string) {
    this.doc = doc;
    this.style = style;
    this.targetLang = targetLang;
    const m = (name: string) => style.member(name);
    this.names = {
      argNum: m('argNum'),
      formatSpecifier: m('formatSpecifier'),
      stringUnit: m('stringUnit'),
      substitutions: m('substitutions'),
      variations: m('variations'),
      device: m('device'),
      plural: m('plural'),
    };
    this.pieces = new Pieces(style);
  }

  /**
   * The localization of `entry` as a value whose first line continues a line indented by
   * `indent`; `found[i]` is the translation of `entry.leaves[i]`, `existing` the event of the
   * current target localization or -1. With `wrap`, the value is `{ "<targetLang>" : localization }`.
   */
  write(
    entry: CatalogString,
    found: readonly (string | PluralForms | undefined)[],
    existing: number,
    indent: string,
    wrap: boolean,
  ): string {
    this.pieces.use(indent);
    this.leaves = entry.leaves;
    this.found = found;
    this.existing = existing;
    this.out = '';
    let depth = 0;
    if (wrap) {
      this.out = this.pieces.level(0).first + this.style.member(this.targetLang);
      depth = 1;
    }
    if (entry.source < 0) {
      this.plainUnit(0, depth, true, true);
    } else {
      this.node(entry.source, false, depth);
    }
    if (wrap) this.out += this.pieces.level(0).close;
    const text = this.out;
    this.out = '';
    return text;
  }

  /** Mirrors source node `node` at `depth`. */
  private node(node: number, substitution: boolean, depth: number): void {
    const { doc, names, leaves } = this;
    const level = this.pieces.level(depth);
    let members = 0;
    if (substitution) {
      const argNum = doc.member(node, 'argNum');
      if (argNum >= 0 && doc.kind(argNum) === NUMBER) {
        const value = String(Number(doc.text.slice(doc.start(argNum), doc.end(argNum))));
        this.out += (members++ === 0 ? level.first : level.next) + names.argNum + value;
      }
      const specifier = doc.member(node, 'formatSpecifier');
      if (specifier >= 0 && doc.kind(specifier) === STRING) {
        const value = `"${this.style.escape(doc.string(specifier))}"`;
        this.out += (members++ === 0 ? level.first : level.next) + names.formatSpecifier + value;
      }
    }
    const { variations, substitutions } = nodeMembers(doc, node, this.members);
    // catalog.ts collects a node's plain leaf, then its plural leaf, then those below it.
    let leaf = this.firstLeaf(node);
    let plural = -1;
    if (leaf >= 0 && leaves[leaf]!.node === node) {
      if (!leaves[leaf]!.plural) {
        const last = substitutions < 0 && variations < 0;
        this.plainUnit(leaf, depth, members++ === 0, last);
        if (last) return;
        leaf++;
      }
      if (leaf < leaves.length && leaves[leaf]!.node === node) plural = leaf;
    }
    // Foundation's key order: substitutions before variations, device before plural.
    if (substitutions >= 0) {
      this.out += (members++ === 0 ? level.first : level.next) + names.substitutions;
      this.children(substitutions, true, depth + 1);
    }
    if (variations >= 0) {
      this.out += (members++ === 0 ? level.first : level.next) + names.variations;
      const inner = this.pieces.level(depth + 1);
      let count = 0;
      let device = -1;
      const stop = doc.next(variations);
      for (let k = variations + 1; k < stop; k = doc.next(k + 1)) {
        if (doc.kind(k + 1) === OBJECT && doc.stringEquals(k, 'device')) device = k + 1;
      }
      if (device >= 0) {
        this.out += inner.first + names.device;
        count++;
        this.children(device, false, depth + 2);
      }
      if (plural >= 0) {
        this.out += (count++ === 0 ? inner.first : inner.next) + names.plural;
        this.pluralUnits(plural, depth + 2);
      }
      this.out += count === 0 ? inner.empty : inner.close;
    }
    this.out += members === 0 ? level.empty : level.close;
  }

  /** The index of the first leaf collected at or below `node`, or -1 (a string has a handful). */
  private firstLeaf(node: number): number {
    const end = this.doc.next(node);
    const leaves = this.leaves;
    for (let i = 0; i < leaves.length; i++) {
      const at = leaves[i]!.node;
      if (at >= node && at < end) return i;
    }
    return -1;
  }

  /** An object of named nodes (devices, substitutions) in sorted-key order. */
  private children(object: number, substitution: boolean, depth: number): void {
    const { doc } = this;
    const level = this.pieces.level(depth);
    const keys = doc.keys(object);
    if (keys.length === 0) {
      this.out += level.empty;
      return;
    }
    const sorted = sortedNames(doc, keys);
    for (let i = 0; i < sorted.length; i++) {
      const k = sorted[i]!;
      this.out += (i === 0 ? level.first : level.next) + this.style.member(doc.string(k));
      // A value that is not an object has nothing to mirror: an empty object.
      if (doc.kind(k + 1) === OBJECT) this.node(k + 1, substitution, depth + 1);
      else this.out += this.pieces.level(depth + 1).empty;
    }
    this.out += level.close;
  }

  /**
   * The `"stringUnit" : { … }` member of a node at `depth` for plain leaf `index`, as its `first`
   * member or not; with `last`, the node's object is closed too.
   */
  private plainUnit(index: number, depth: number, first: boolean, last: boolean): void {
    const leaf = this.leaves[index]!;
    const translation = this.found[index];
    const level = this.pieces.level(depth);
    const close = last ? level.lastUnitClose : this.pieces.level(depth + 1).unitClose;
    if (typeof translation === 'string') {
      const open = first ? level.translatedFirst : level.translatedNext;
      this.out += open + this.style.escape(translation) + close;
      return;
    }
    const node = this.existing >= 0 ? nodeAt(this.doc, this.existing, leaf.path) : -1;
    const found = this.existingUnit(node);
    const state = found ? this.state : 'new';
    const value = found ? this.value : leaf.value;
    const open = first ? level.unitFirst : level.unitNext;
    this.out += open + state + this.pieces.level(depth + 1).unitMid + this.style.escape(value) + close;
  }

  /** Reads the string unit the target has at `node`, if any, into `state` (escaped) and `value`. */
  private existingUnit(node: number): boolean {
    const { doc } = this;
    const value = node >= 0 ? stringUnitValue(doc, node) : -1;
    if (value < 0) return false;
    const state = doc.member(objectMember(doc, node, 'stringUnit'), 'state');
    this.state =
      state >= 0 && doc.kind(state) === STRING ? this.style.escape(doc.string(state)) : 'translated';
    this.value = doc.string(value);
    return true;
  }

  /** The forms of a plural leaf in an object at `depth`, each `"<category>" : { "stringUnit" : unit }`. */
  private pluralUnits(index: number, depth: number): void {
    const { doc } = this;
    const leaf = this.leaves[index]!;
    const forms = leaf.forms!;
    const level = this.pieces.level(depth);
    const close = this.pieces.level(depth + 1).lastUnitClose;
    const translation = this.found[index];
    let written = 0;
    if (translation !== undefined || !this.existingOther(leaf)) {
      // The translation's forms, or the source's as `new`, for the target language's categories.
      const translated = translation !== undefined;
      const given: Partial<Record<PluralCategory, string>> =
        translation === undefined
          ? forms
          : typeof translation === 'string'
            ? { other: translation }
            : translation;
      const other = given.other;
      if (typeof other !== 'string') throw new FormatError('plural translation without an "other" form');
      const plan = formPlan(this.targetLang, 'cardinal', forms.zero !== undefined);
      const mid = this.pieces.level(depth + 2).unitMid;
      for (const i of XCODE_ORDER) {
        const text = given[CATEGORY_ORDER[i]!];
        const value = typeof text === 'string' && plan.allows[i] ? text : plan.needs[i] ? other : undefined;
        if (value === undefined) continue;
        const open = this.pieces.form(depth, i, written++ === 0, translated);
        if (translated) this.out += open + this.style.escape(value) + close;
        else this.out += `${open}new${mid}${this.style.escape(value)}${close}`;
      }
    } else {
      const plural = nodeAt(doc, nodeAt(doc, this.existing, leaf.path), VARIATIONS_PLURAL);
      const mid = this.pieces.level(depth + 2).unitMid;
      for (const i of XCODE_ORDER) {
        const node = objectMember(doc, plural, CATEGORY_ORDER[i]!);
        if (node < 0 || !this.existingUnit(node)) continue;
        const open = this.pieces.form(depth, i, written++ === 0, false);
        this.out += open + this.state + mid + this.style.escape(this.value) + close;
      }
    }
    this.out += written === 0 ? level.empty : level.close;
  }

  /** Whether the target localization has an `other` form for a plural leaf. */
  private existingOther(leaf: Leaf): boolean {
    if (this.existing < 0) return false;
    const { doc } = this;
    const node = nodeAt(doc, this.existing, leaf.path);
    const plural = node >= 0 ? nodeAt(doc, node, VARIATIONS_PLURAL) : -1;
    const other = plural >= 0 ? objectMember(doc, plural, 'other') : -1;
    return other >= 0 && stringUnitValue(doc, other) >= 0;
  }
}

const VARIATIONS_PLURAL: readonly string[] = ['variations', 'plural'];

/** Key events in sorted-key order (usually already, as Xcode writes them). */
function sortedNames(doc: JsonDoc, keys: number[]): number[] {
  for (let i = 1; i < keys.length; i++) {
    if (xcodeCompare(doc.string(keys[i - 1]!), doc.string(keys[i]!)) > 0)
      return keys.sort((a, b) => xcodeCompare(doc.string(a), doc.string(b)));
  }
  return keys;
}
