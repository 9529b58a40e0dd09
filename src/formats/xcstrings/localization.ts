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
import { CATEGORY_ORDER, formPlan } from '../json/cldr.ts';
import { type JsonDoc, NUMBER, OBJECT, STRING } from '../json/tokens.ts';
import type { PluralCategory, PluralForms } from '../model.ts';
import { type CatalogString, type Leaf, nodeAt, objectMember, stringUnitValue } from './catalog.ts';
import { type XcodeStyle, xcodeCompare } from './xcode-json.ts';

/** Plural categories in Xcode's (sorted-key) order. */
const XCODE_CATEGORIES: readonly PluralCategory[] = ['few', 'many', 'one', 'other', 'two', 'zero'];

/** The constant pieces of an object whose opening brace continues a line at one indentation. */
interface Level {
  /** Before the first member's name, and before each further one's (name left open). */
  first: string;
  next: string;
  /** After the last member; an empty object (`{`, a blank line, `}`). */
  close: string;
  empty: string;
  /** A whole `{ "state" : "…", "value" : "…" }` string unit around its two escaped strings. */
  unitOpen: string;
  unitMid: string;
  unitClose: string;
}

/** Writes target localizations for one render: one document, style and target language. */
export class LocalizationWriter {
  private readonly doc: JsonDoc;
  private readonly style: XcodeStyle;
  private readonly targetLang: string;
  /** Levels by depth below the current base indentation, and that indentation. */
  private levels: Level[] = [];
  private indent = '';
  private readonly byIndent = new Map<string, Level[]>();
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

  constructor(doc: JsonDoc, style: XcodeStyle, targetLang: string) {
    this.doc = doc;
    this.style = style;
    this.targetLang = targetLang;
    const m = style.member;
    this.names = {
      argNum: m('argNum'),
      formatSpecifier: m('formatSpecifier'),
      stringUnit: m('stringUnit'),
      substitutions: m('substitutions'),
      variations: m('variations'),
      device: m('device'),
      plural: m('plural'),
    };
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
    this.useIndent(indent);
    this.leaves = entry.leaves;
    this.found = found;
    this.existing = existing;
    this.out = '';
    let depth = 0;
    if (wrap) {
      this.out = this.level(0).first + this.style.member(this.targetLang);
      depth = 1;
    }
    if (entry.source < 0) {
      const level = this.level(depth);
      this.out += level.first + this.names.stringUnit;
      this.plainUnit(0, depth + 1);
      this.out += level.close;
    } else {
      this.node(entry.source, false, depth);
    }
    if (wrap) this.out += this.level(0).close;
    const text = this.out;
    this.out = '';
    return text;
  }

  private useIndent(indent: string): void {
    if (indent === this.indent && this.levels.length > 0) return;
    let levels = this.byIndent.get(indent);
    if (!levels) {
      levels = [];
      if (this.byIndent.size < 100) this.byIndent.set(indent, levels);
    }
    this.indent = indent;
    this.levels = levels;
  }

  private level(depth: number): Level {
    const known = this.levels[depth];
    if (known) return known;
    const { unit, eol, member } = this.style;
    const indent = this.indent + unit.repeat(depth);
    const inner = indent + unit;
    const level: Level = {
      first: `{${eol}${inner}"`,
      next: `,${eol}${inner}"`,
      close: `${eol}${indent}}`,
      empty: `{${eol}${eol}${indent}}`,
      unitOpen: `{${eol}${inner}"${member('state')}"`,
      unitMid: `",${eol}${inner}"${member('value')}"`,
      unitClose: `"${eol}${indent}}`,
    };
    // Fill any shallower levels first, so that the array stays dense.
    for (let d = this.levels.length; d < depth; d++) this.level(d);
    this.levels[depth] = level;
    return level;
  }

  /** Mirrors source node `node` at `depth`. */
  private node(node: number, substitution: boolean, depth: number): void {
    const { doc, names, leaves } = this;
    const level = this.level(depth);
    let members = 0;
    const open = () => (members++ === 0 ? level.first : level.next);
    if (substitution) {
      const argNum = doc.member(node, 'argNum');
      if (argNum >= 0 && doc.kind(argNum) === NUMBER)
        this.out +=
          open() + names.argNum + String(Number(doc.text.slice(doc.start(argNum), doc.end(argNum))));
      const specifier = doc.member(node, 'formatSpecifier');
      if (specifier >= 0 && doc.kind(specifier) === STRING)
        this.out += `${open() + names.formatSpecifier}"${this.style.escape(doc.string(specifier))}"`;
    }
    // catalog.ts collects a node's plain leaf, then its plural leaf, then those below it.
    let leaf = this.firstLeaf(node);
    let plural = -1;
    if (leaf >= 0 && leaves[leaf]!.node === node && !leaves[leaf]!.plural) {
      this.out += open() + names.stringUnit;
      this.plainUnit(leaf, depth + 1);
      leaf++;
    }
    if (leaf >= 0 && leaf < leaves.length && leaves[leaf]!.node === node) plural = leaf;
    // Foundation's key order: substitutions before variations, device before plural.
    const substitutions = objectMember(doc, node, 'substitutions');
    if (substitutions >= 0) {
      this.out += open() + names.substitutions;
      this.children(substitutions, true, depth + 1);
    }
    const variations = objectMember(doc, node, 'variations');
    if (variations >= 0) {
      this.out += open() + names.variations;
      const inner = this.level(depth + 1);
      let count = 0;
      const device = objectMember(doc, variations, 'device');
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
    const level = this.level(depth);
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
      else this.out += this.level(depth + 1).empty;
    }
    this.out += level.close;
  }

  /** A `{ "state", "value" }` string unit at `depth`. */
  private unit(state: string, value: string, depth: number): void {
    const level = this.level(depth);
    this.out += level.unitOpen + state + level.unitMid + this.style.escape(value) + level.unitClose;
  }

  private plainUnit(index: number, depth: number): void {
    const leaf = this.leaves[index]!;
    const translation = this.found[index];
    if (typeof translation === 'string') {
      this.unit('translated', translation, depth);
      return;
    }
    const node = this.existing >= 0 ? nodeAt(this.doc, this.existing, leaf.path) : -1;
    if (!this.existingUnit(node, depth)) this.unit('new', leaf.value, depth);
  }

  /** Writes the string unit the target has at `node`, if any. */
  private existingUnit(node: number, depth: number): boolean {
    const { doc } = this;
    const value = node >= 0 ? stringUnitValue(doc, node) : -1;
    if (value < 0) return false;
    const state = doc.member(objectMember(doc, node, 'stringUnit'), 'state');
    const text =
      state >= 0 && doc.kind(state) === STRING ? this.style.escape(doc.string(state)) : 'translated';
    this.unit(text, doc.string(value), depth);
    return true;
  }

  /** The forms of a plural leaf at `depth`, each `{ "stringUnit" : unit }`. */
  private pluralUnits(index: number, depth: number): void {
    const { doc } = this;
    const leaf = this.leaves[index]!;
    const forms = leaf.forms!;
    const level = this.level(depth);
    const form = this.level(depth + 1);
    const translation = this.found[index];
    let written = 0;
    const open = (category: PluralCategory) => {
      this.out += (written++ === 0 ? level.first : level.next) + this.style.member(category);
      this.out += form.first + this.names.stringUnit;
    };
    if (translation !== undefined || !this.existingOther(leaf)) {
      // The translation's forms, or the source's as `new`, for the target language's categories.
      const state = translation !== undefined ? 'translated' : 'new';
      const given: Partial<Record<PluralCategory, string>> =
        translation === undefined
          ? forms
          : typeof translation === 'string'
            ? { other: translation }
            : translation;
      const other = given.other;
      if (typeof other !== 'string') throw new FormatError('plural translation without an "other" form');
      const plan = formPlan(this.targetLang, 'cardinal', forms.zero !== undefined);
      for (const category of XCODE_CATEGORIES) {
        const i = CATEGORY_ORDER.indexOf(category);
        const text = given[category];
        const value = typeof text === 'string' && plan.allows[i] ? text : plan.needs[i] ? other : undefined;
        if (value === undefined) continue;
        open(category);
        this.unit(state, value, depth + 2);
        this.out += form.close;
      }
    } else {
      const plural = nodeAt(doc, nodeAt(doc, this.existing, leaf.path), VARIATIONS_PLURAL);
      for (const category of XCODE_CATEGORIES) {
        const node = objectMember(doc, plural, category);
        if (node < 0 || stringUnitValue(doc, node) < 0) continue;
        open(category);
        this.existingUnit(node, depth + 2);
        this.out += form.close;
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
