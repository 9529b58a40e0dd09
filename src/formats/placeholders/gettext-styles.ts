/**
 * Placeholder styles that only a gettext format flag names (`#, qt-format`, `#, sh-format`, …):
 * text in them is ordinary prose everywhere else (`%1` in "up %1 today" means nothing to printf,
 * `$5` is a price, `~a` a tilde), so findPlaceholders looks for them only when asked by syntax.
 * Each rule is the one GNU gettext's `msgfmt --check` applies to the flag (gettext's format-*.c),
 * so what machine translation protects is what msgfmt counts.
 */
import type { Placeholder, PlaceholderSyntax } from './types.ts';

/**
 * Qt's `QString::arg` markers, `%1` to `%99` and the localized `%L1` (qt-format, and KDE's
 * kde-format, which reads the same markers), and the count of a qt-plural-format message, `%n`
 * / `%Ln`.
 */
const QT = /%L?(?:[1-9]\d?|n)/g;
/** Boost.Format's positional `%1%` and its printf-in-bars form `%|1$s|` (boost-format). */
const BOOST = /%\|[^|%]*\||%[1-9]\d*%/g;
/** The shell variables `envsubst` replaces (sh-format): `$NAME` and `${NAME}`. */
const SH = /\$(?:\{[A-Za-z_]\w*\}|[A-Za-z_]\w*)/g;
/**
 * Common Lisp `format` directives (lisp-format, and scheme-, elisp- and librep-format, which
 * borrow them): `~`, parameters (`10`, `'x`, `v`, `#`, comma-separated), the `:`/`@` modifiers, then
 * the directive's character (`~a`, `~:D`, `~%`, `~{`, `~}`, `~[`, `~;`).
 */
const LISP =
  /~(?:(?:[+-]?\d+|'.|[vV#])?(?:,(?:[+-]?\d+|'.|[vV#])?)*)(?::@?|@:?)?[aAsSdDbBoOxXrRpPcCfFeEgG$%&|~tT*?_wWiI<>()[\]{}^;/\n]/g;
/**
 * C99's `<inttypes.h>` conversions as gettext writes them in a c-format msgid, `%<PRId64>`, which
 * msgfmt replaces by the platform's conversion at compile time.
 */
const C99_MACRO =
  /%(?:\d+\$)?[-+ #0']*(?:\d+|\*)?(?:\.(?:\d+|\*))?<PRI[diouxX](?:8|16|32|64|MAX|PTR|LEAST\d+|FAST\d+)>/g;

/** The syntaxes of this module, in the order findGettextStyles reads them. */
export const GETTEXT_SYNTAXES: readonly PlaceholderSyntax[] = ['qt', 'boost', 'sh', 'lisp'];

/** The placeholders of the gettext-only styles `syntaxes` asks for (c-format's `%<PRId64>` with printf). */
export function findGettextStyles(text: string, syntaxes: ReadonlySet<PlaceholderSyntax>): Placeholder[] {
  const out: Placeholder[] = [];
  const add = (pattern: RegExp, name: (m: RegExpExecArray) => string | undefined, positional = false) => {
    for (const m of text.matchAll(pattern)) {
      const found = name(m);
      out.push({
        kind: positional ? 'positional' : 'printf',
        text: m[0],
        start: m.index,
        end: m.index + m[0].length,
        ...(found !== undefined ? { name: found } : {}),
      });
    }
  };
  if (syntaxes.has('printf') && text.includes('<PRI')) add(C99_MACRO, () => undefined);
  if (syntaxes.has('qt') && text.includes('%')) {
    add(QT, (m) => m[0].replace(/^%L?/, ''), true);
  }
  if (syntaxes.has('boost') && text.includes('%')) add(BOOST, (m) => /\d+/.exec(m[0])?.[0], true);
  if (syntaxes.has('sh') && text.includes('$')) add(SH, (m) => m[0].replace(/^\$\{?|\}$/g, ''));
  if (syntaxes.has('lisp') && text.includes('~')) add(LISP, () => undefined);
  return out;
}

/**
 * gettext's format flags and the placeholder syntaxes each names. A flag not listed here (or a
 * unit with none) leaves detection to every common syntax.
 */
const FLAG_SYNTAXES: Readonly<Record<string, readonly PlaceholderSyntax[]>> = {
  'c-format': ['printf'],
  'objc-format': ['printf'],
  'c++-format': ['printf', 'icu'],
  'python-format': ['printf'],
  'python-brace-format': ['printf', 'icu'],
  'java-format': ['java'],
  'java-printf-format': ['formatter'],
  'csharp-format': ['printf', 'icu'],
  'javascript-format': ['printf'],
  'php-format': ['printf'],
  'perl-format': ['printf'],
  'perl-brace-format': ['icu'],
  'ruby-format': ['printf'],
  'awk-format': ['printf'],
  'lua-format': ['printf'],
  'tcl-format': ['printf'],
  'object-pascal-format': ['printf'],
  'gcc-internal-format': ['printf'],
  'gfc-internal-format': ['printf'],
  'sh-format': ['sh'],
  'sh-printf-format': ['printf'],
  'qt-format': ['qt'],
  'qt-plural-format': ['qt'],
  'kde-format': ['qt'],
  'kde-kuit-format': ['qt', 'tags'],
  'boost-format': ['boost', 'printf'],
  'lisp-format': ['lisp'],
  'elisp-format': ['lisp'],
  'librep-format': ['lisp'],
  'scheme-format': ['lisp'],
};

/**
 * The syntaxes a gettext entry's flags name (`c-format`, `qt-format`, …), with tags (markup in a
 * msgid is protected from machine translation whatever the flag), or undefined when no flag names
 * one. A `no-c-format` flag names none.
 */
export function flagSyntaxes(flags: readonly string[]): readonly PlaceholderSyntax[] | undefined {
  const named = new Set<PlaceholderSyntax>();
  for (const flag of flags) for (const syntax of FLAG_SYNTAXES[flag] ?? []) named.add(syntax);
  if (named.size === 0) return undefined;
  named.add('tags');
  return [...named];
}
