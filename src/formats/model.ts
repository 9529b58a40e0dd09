/**
 * The one unit model every string-file format parses into and renders from
 * (after translate-toolkit's TranslationUnit / TranslationStore).
 */

import { ALL_SYNTAXES, type PlaceholderSyntax } from './placeholders/types.ts';

/** CLDR plural categories, as `Intl.PluralRules#select` names them. */
export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** Text per plural category; `other` is always present. */
export type PluralForms = Partial<Record<PluralCategory, string>> & { other: string };

/** Where a unit's translatable text stands in the original file. */
export interface Location {
  /** 1-based line of the first character of the text. */
  line: number;
  /** 1-based column (in UTF-16 code units) of the first character of the text. */
  column: number;
  /** Byte offset of the text's first byte in the original file. */
  offset: number;
  /** Byte length of the text as written in the file (escaped form). */
  length: number;
}

/**
 * The empty notes or flags list units share: most units have neither, and on a large file one
 * array per unit and field is a measurable share of parse time. Frozen, as the fields are read-only.
 */
export const NO_STRINGS: readonly string[] = Object.freeze([]);

export interface Unit {
  /** Unique within the file: key path, `msgctxt\u0004msgid`, XLIFF id, … */
  id: string;
  /** Source text, unescaped. For plural units, the `other` form. */
  source: string;
  /** Source plural forms, when the unit is a plural. */
  sourcePlural?: PluralForms;
  /** Target text in bilingual formats (PO, XLIFF) — absent in monolingual files. */
  target?: string;
  /** Target plural forms in bilingual formats. */
  targetPlural?: PluralForms;
  /** Disambiguating context (msgctxt, i18next context suffix, …). */
  context?: string;
  /** Comments and descriptions meant for translators. */
  notes: readonly string[];
  /** Maximum length of the translation in characters, where the format (or a context file) declares one. */
  maxLength?: number;
  /**
   * What the string is, in the words of whoever wrote it for translators: ARB `description`, PO
   * `#.` extracted comments, the comment above an Android `<string>`, a context file's
   * `description`. Also among `notes` when the format says it (notes stay what the file says).
   */
  description?: string;
  /** What each placeholder stands for, by its name (ARB `placeholders`, Android `<xliff:g>`). */
  placeholders?: Readonly<Record<string, PlaceholderInfo>>;
  /** Where the string is used in code, as the file lists it (PO `#:` references: `src/app.c:12`). */
  references?: readonly string[];
  /** Format flags (`fuzzy`, `c-format`, `locked`, XLIFF state, …). */
  flags: readonly string[];
  /** False for units the file marks as not to be translated; they are never rendered. */
  translatable: boolean;
  /**
   * Why the reader leaves a unit out on purpose (only with `translatable: false`), in words a run
   * reports: `translatable="false"`, `ARB type "image"`. A run counts left-out units per file and
   * reason (DESIGN §10: no silent skip); see left-out.ts.
   */
  leftOut?: string;
  location: Location;
}

/** What a file or a context file says about one placeholder of a unit. */
export interface PlaceholderInfo {
  /** A value it may take (`42`, `Ada`). */
  example?: string;
  /** Its type (`int`, `DateTime`, `String`). */
  type?: string;
  /** What it stands for (`number of unread messages`). */
  description?: string;
}

/** Translations to put into a file, by unit id: plain text, or plural forms of the target language. */
export type Translations = ReadonlyMap<string, string | PluralForms>;

/**
 * A rule of the format that the file bends in a way the format's own tools accept (a repeated id,
 * a plural without `other`): the file is read, and the reader is told where and what.
 */
export interface FormatWarning {
  /** 1-based line. */
  line: number;
  /** 1-based column in UTF-16 code units. */
  column: number;
  message: string;
}

export interface ParseOptions {
  /** Files larger than this are refused with a FormatError (default 50 MiB). */
  maxBytes?: number;
  /** Name used in error messages. */
  fileName?: string;
  /** Multilingual files (`holds: 'all'`): the language whose text becomes each unit's target. */
  targetLang?: string;
  /**
   * The units of the source this file translates, when it is read as a target. A format whose
   * reading of a target depends on its source reads by them (i18next JSON: `key_one`, `key_few`
   * without `key_other` are the forms of the source's plural `key`, as i18next looks them up); the
   * forms such a target gives may then lack `other`.
   */
  sourceUnits?: readonly Unit[];
  /**
   * Called for each warning, in file order. A callback rather than a field of the result, so the
   * many callers that only want units keep `Unit[]`; render never reports them.
   */
  onWarning?: (warning: FormatWarning) => void;
}

export interface RenderOptions {
  /** BCP 47 tag of the target language (`de`, `pt-BR`); plural forms and headers follow it. */
  targetLang: string;
  sourceLang?: string;
  maxBytes?: number;
  fileName?: string;
  /**
   * Ids whose translation is people's text carried over as it is (a target rebuilt from the
   * source keeps every translation it held, DESIGN §7): written exactly as given — a renderer that
   * fills the plural categories a language needs (stringsdict) adds none and removes none, and an
   * empty form stays empty. Only the units being (re)translated get the categories their language
   * needs.
   */
  asWritten?: ReadonlySet<string>;
}

/**
 * What a sync changes in an existing target file (DESIGN §7): units to write and units to take
 * out; every other byte of the target stays as people wrote it.
 */
export interface TargetChanges {
  /** The source file: the order new units take and the shape they are written in. */
  source: Uint8Array;
  /**
   * Text to write, by unit id (target language). A unit the target holds is patched in place; one
   * it lacks is inserted where the source's order puts it (after the nearest preceding source unit
   * the target holds, else before the nearest following one), in the target's own style.
   */
  set: Translations;
  /** Ids of units the source no longer has: they leave the target. */
  remove: ReadonlySet<string>;
  /**
   * Keys renamed in the source (src/translations/renames.ts): new id → the old id the target may
   * hold. Where the format can (`renameKeys`), the old entry takes the new key where it stands —
   * its comments, layout and text untouched; elsewhere the old id is removed and the new inserted.
   */
  rename?: ReadonlyMap<string, string>;
}

/** What a format's renameKeys did: the file, and the new ids whose old entries it renamed. */
export interface RenamedKeys {
  bytes: Uint8Array;
  renamed: ReadonlySet<string>;
}

/** One string-file format: parse bytes into units, render translations back by patching the original. */
export interface FormatModule {
  /** Short identifier: `json`, `po`, `xliff12`, … */
  name: string;
  /** File name endings this format claims, without the dot (`json`, `strings`, `xml`). */
  extensions: string[];
  /** True when the bytes look like this format (used when the extension is shared or missing). */
  sniff?(bytes: Uint8Array): boolean;
  parse(bytes: Uint8Array, options?: ParseOptions): Unit[];
  /**
   * Returns the original with the translated text put in. Everything else — key order, comments,
   * whitespace, quoting, line endings, BOM, encoding — stays byte-identical; a unit without a
   * translation, or whose translation is what the file already says, leaves its bytes untouched
   * (a file that carries targets writes a translation equal to its source as one: German
   * "Browser" for "Browser").
   */
  render(original: Uint8Array, translations: Translations, options: RenderOptions): Uint8Array;
  /**
   * Which languages one file holds: `one` (the default: a target file is the source's shape in
   * another language, e.g. JSON, Android), `pair` (source and target text per unit: PO, XLIFF) or
   * `all` (every language in the source file itself: `.xcstrings`).
   */
  holds?: 'one' | 'pair' | 'all';
  /**
   * Writes a target file that does not exist yet: the source's shape with the translations put in.
   * Without it, render over the source. Android's leaves out what the default resources keep to
   * themselves (`translatable="false"`: Android Lint's Untranslatable flags a copy in values-de).
   */
  create?(source: Uint8Array, translations: Translations, options: RenderOptions): Uint8Array;
  /**
   * Whether the format's runtime shows the source text for a unit a target lacks (i18next's
   * `fallbackLng`, gettext's msgid, Android's default resources). Default true. False where it shows an error instead (Rails' I18n has no fallback by
   * default: "translation missing"): there a unit with nothing to translate (`%{count}+`) is
   * written as its source text rather than left out.
   */
  fallsBackToSource?: boolean;
  /**
   * Whether the format's runtime takes a plural's `other` form for a category the translation
   * lacks (CLDR's lateral inheritance: stringsdict, String Catalogs, Android, rails-i18n). Default
   * true: a plural holding `one` and `other` only is complete there. False where a missing category
   * falls to another language (i18next looks up `key_few` and then the fallback language).
   */
  pluralFallsBackToOther?: boolean;
  /**
   * The placeholder syntaxes this format's runtime fills in a unit's text (its flags may say:
   * gettext's `c-format`, Rails' `ruby-format`). Default: every syntax (placeholdersOf). One answer
   * for the QA check and machine translation's protection, so they never disagree about a file:
   * Rails' I18n interpolates only `%{name}`, so `%C3%A4` in a URL is neither checked nor protected.
   */
  placeholders?(unit: Unit): readonly PlaceholderSyntax[];
  /**
   * Applies TargetChanges to an existing target file, keeping its own key order, comments,
   * quoting and layout. Formats without it fall back to src/formats/target.ts's rules.
   */
  edit?(target: Uint8Array, changes: TargetChanges, options: RenderOptions): Uint8Array;
  /**
   * Gives entries of a target their new keys in place (`renames`: new id → old id): only the key
   * is rewritten, as the source writes it for the new id; the smallest change a rename can be
   * (DESIGN §7). A pair it cannot rename in place (the target lacks the old id or already holds
   * the new one, or the key moved to another parent) is left out of `renamed`.
   */
  renameKeys?(
    target: Uint8Array,
    renames: ReadonlyMap<string, string>,
    source: Uint8Array,
    options: RenderOptions,
  ): RenamedKeys;
  /**
   * Every string of the file is a message of this syntax, whatever it holds (ARB: ICU by
   * definition, so `{` alone must be quoted). Elsewhere a text is an ICU message when it parses as
   * one and has an argument.
   */
  messages?: 'icu';
  /**
   * Inline codes the unit's text keeps as elements (XLIFF's `<x/>`, `<g>`…): in such a format only
   * these are markup — other tags were escaped in the file and are text — and each stands for one
   * code of the document, so losing one is an error and codes are told apart by their `id`.
   */
  inlineCodes?: ReadonlySet<string>;
  /**
   * How the runtime binds a unit's placeholders to arguments where printf's rule is not the whole
   * story (see PlaceholderBinding). Default: an Apple variable (`%#@name@`) by its name, nothing
   * provided beyond the source text.
   */
  placeholderBinding?(unit: Unit): PlaceholderBinding;
  /**
   * Whether every plural category the language has must be written: gettext's msgfmt rejects an
   * entry with fewer `msgstr[i]` than its Plural-Forms says. Elsewhere a missing category falls
   * back (to `other`, or the fallback language's form) and nothing breaks.
   */
  pluralFormsRequired?: boolean;
  /**
   * Where units' translations stand in a target file of this format, for formats whose units are
   * located by their source text (bilingual files, catalogs); without it a unit's own location is
   * where its translation is.
   */
  targetLocator?(text: string, lang: string): TargetTextLocator;
}

/** How a unit's placeholders are bound to the arguments the application passes. */
export interface PlaceholderBinding {
  /**
   * How an Apple variable reference (`%#@name@`) is identified: by its name where the file's
   * dictionaries are keyed by it across languages (`.stringsdict`), by the argument it takes where
   * each localization names its own substitutions (`.xcstrings`: German may write
   * `%#@count_posts@` for the source's `%#@arg1@`).
   */
  variables?: 'name' | 'position';
  /**
   * Texts whose printf arguments the application passes though the source text does not use them
   * (an `.xcstrings` key `label %lld` is the format SwiftUI's `Text` is called with): a translation
   * may use them, never lose them.
   */
  provided?: readonly string[];
}

/** Finds units' translations in one target file's decoded text (FormatModule.targetLocator). */
export interface TargetTextLocator {
  /** Where the translation of the unit whose text starts at `offset` begins; undefined when the file has none. */
  translationAt(offset: number): number | undefined;
  /** A length limit the file declares for that unit beyond what the unit model carries. */
  lengthLimitAt?(offset: number): number | undefined;
}

/** The placeholder syntaxes of a unit of `format` (see FormatModule.placeholders). */
export function placeholdersOf(format: FormatModule, unit: Unit): readonly PlaceholderSyntax[] {
  return format.placeholders?.(unit) ?? ALL_SYNTAXES;
}

export const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;
