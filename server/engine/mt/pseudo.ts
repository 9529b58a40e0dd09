/**
 * Pseudo-translation, the classic pseudo-localisation of i18n testing: ASCII letters become
 * accented look-alikes and longer words grow by about a quarter, so untranslated strings, lost
 * placeholders and layouts that cannot take longer text show up at a glance ("Save file" →
 * "Ŝååṽé ƒîîļé").
 */

const LOWER = 'åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýž';
const UPPER = 'ÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŜŢÛṼŴẊÝŽ';
const VOWELS = new Set('aeiouyAEIOUY');
/** Words this long or longer get their first vowel doubled: the expansion real translations need. */
const EXPAND_FROM = 4;

function accent(c: string): string {
  const code = c.charCodeAt(0);
  if (code >= 97 && code <= 122) return [...LOWER][code - 97]!;
  if (code >= 65 && code <= 90) return [...UPPER][code - 65]!;
  return c;
}

const ACCENTED = new Map<string, string>(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c) => [c, accent(c)]),
);

/**
 * Pseudo-translates plain text: the same input always gives the same output. Only ASCII letters
 * change, into non-ASCII letters, so nothing placeholder-like (`%s`, `{x}`, `<b>`) can appear or
 * disappear; other scripts, digits, punctuation and whitespace stay as they are.
 */
export function pseudoTranslate(text: string): string {
  return text.replace(/[A-Za-z]+/g, (word) => {
    let out = '';
    let expanded = word.length < EXPAND_FROM;
    for (const c of word) {
      const accented = ACCENTED.get(c)!;
      out += accented;
      if (!expanded && VOWELS.has(c)) {
        out += accented;
        expanded = true;
      }
    }
    return out;
  });
}
