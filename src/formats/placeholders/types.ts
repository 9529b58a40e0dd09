/**
 * What a placeholder is, shared by detection, MT protection and QA checks.
 */

/**
 * - `printf`: unnumbered C/Java/Apple/Python conversions (`%s`, `%.2f`, `%lld`, `%@`, `%(name)s`)
 *   and Ruby's named references (`%{name}`, `%<name>s`); `name` is the name where there is one.
 * - `positional`: numbered conversions as Android and Apple write them (`%1$s`, `%2$@`); `name` is the position.
 * - `icu`: a simple or formatted ICU argument (`{name}`, `{0}`, `{n, number}`, `{d, date, short}`).
 * - `icu-plural`: the opening of a plural/select/selectordinal argument up to its first branch
 *   (`{count, plural, one {`); `name` is the argument.
 * - `icu-branch`: the syntax between branches (`} other {`) and the final closing brace(s).
 * - `icu-pound`: `#` inside a plural branch.
 * - `i18next`: interpolation (`{{x}}`, `{{x, format}}`, `{{- x}}`).
 * - `i18next-nesting`: `$t(key)` and `$t(key, {…})`; `name` is the key.
 * - `tag`: an HTML/XML tag (`<b>`, `</b>`, `<br/>`, `<a href="…">`); `name` is the tag name.
 */
export type PlaceholderKind =
  | 'printf'
  | 'positional'
  | 'icu'
  | 'icu-plural'
  | 'icu-branch'
  | 'icu-pound'
  | 'i18next'
  | 'i18next-nesting'
  | 'tag';

/**
 * The syntaxes detection can be limited to; printf includes the positional form and Ruby's named
 * references. `ruby` is those named references alone (`%{name}`, `%<name>s`): all that Rails' I18n
 * interpolates (I18n::INTERPOLATION_PATTERN), so in a Rails file `%C3%A4` (a URL's escapes) is text.
 * `java` is a Java resource bundle's (java.ts): MessageFormat arguments `{0}`, `{0,choice,…}`
 * (kind `positional`, named by their index) with MessageFormat's apostrophe quoting, Formatter
 * conversions, and JabRef's `%0`; ICU and printf rules do not apply there (`%0-F` is text).
 * `formatter` is java.util.Formatter's conversions alone (Android's `getString(id, args…)`).
 * `qt` (`%1`, `%L1`, `%n`), `boost` (`%1%`), `sh` (`$NAME`) and `lisp` (`~a`) are found only when a
 * file says so (a gettext flag: gettext-styles.ts), never by default: elsewhere they are prose.
 */
export type PlaceholderSyntax =
  | 'printf'
  | 'ruby'
  | 'java'
  | 'formatter'
  | 'icu'
  | 'i18next'
  | 'tags'
  | 'qt'
  | 'boost'
  | 'sh'
  | 'lisp';

/** Every syntax's name, as a file may spell it (an XLIFF unit's `x-placeholders` context). */
export const SYNTAX_NAMES: ReadonlySet<string> = new Set<PlaceholderSyntax>([
  'printf',
  'ruby',
  'java',
  'formatter',
  'icu',
  'i18next',
  'tags',
  'qt',
  'boost',
  'sh',
  'lisp',
]);

export interface Placeholder {
  kind: PlaceholderKind;
  /** The placeholder exactly as written. */
  text: string;
  /** String index of its first character. */
  start: number;
  /** String index just after it. */
  end: number;
  /** Argument, position, key or tag name, where the syntax has one. */
  name?: string;
}

export interface PlaceholderOptions {
  /** Syntaxes to detect (default: all). A file format that knows its syntax should say so. */
  syntaxes?: readonly PlaceholderSyntax[];
  /**
   * Read ICU apostrophe quoting, as @formatjs does (`'{x}'` and `'<…'` start literal text).
   * Default true. Text that is not an ICU message should pass false: there an apostrophe is an
   * apostrophe (`l'{name}`, `<a href='%{url}'>`), and letting it quote would hide every
   * placeholder after it from protection, so MT would translate them as words.
   */
  icuQuoting?: boolean;
}

export const ALL_SYNTAXES: readonly PlaceholderSyntax[] = ['printf', 'icu', 'i18next', 'tags'];
