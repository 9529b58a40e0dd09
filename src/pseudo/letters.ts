/**
 * What pseudo text is made of: accented look-alikes of the Latin letters (a fixed table, so a
 * build is reproducible and a reader still recognises every word), the filler that makes a text
 * longer, and the bidi controls of right-to-left pseudo text.
 */

/**
 * Each ASCII letter's accented stand-in: one UTF-16 code unit each, a letter (\p{L}) that
 * no placeholder syntax or escape reads, and NFC-stable, so the text's length and word
 * boundaries stay those of the source.
 */
const ACCENTED: Record<string, string> = {
  a: 'å',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'î',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'û',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Å',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Î',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Û',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/**
 * `text` with every ASCII letter accented; everything else as it is. `latin1`: only the letters
 * whose stand-in ISO-8859-1 holds (å ç ð é î ñ ö þ û ý and capitals), for files in that encoding.
 */
export function accent(text: string, latin1 = false): string {
  const table = latin1 ? LATIN1 : ALL;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out += c < 128 ? table[c]! : text[i];
  }
  return out;
}

/** The stand-in of each ASCII character by code (itself where there is none). */
const ALL = Array.from({ length: 128 }, (_, c) => ACCENTED[String.fromCharCode(c)] ?? String.fromCharCode(c));
const LATIN1 = ALL.map((a, c) => (a.charCodeAt(0) > 0xff ? String.fromCharCode(c) : a));

/**
 * Words that pad a text to its expanded length, as aapt2's en-XA does: plain ASCII so the padding
 * reads as padding, not as the (accented) text.
 */
const FILLER = 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen';

/** About `length` characters of filler, starting with a space and never ending with one (empty for 0). */
export function filler(length: number): string {
  if (length <= 0) return '';
  let out = '';
  while (out.length < length) out += ` ${FILLER}`;
  return out.slice(0, length).trimEnd();
}

/** Right-to-left mark, right-to-left override, pop directional formatting (Unicode UAX #9). */
export const RLM = '\u200f';
export const RLO = '\u202e';
export const PDF = '\u202c';

/** Each word of `text` shown right-to-left (Android's ar-XB: RLM RLO word PDF RLM). */
export function rtlWords(text: string): string {
  return text.replace(/[^\s]+/gu, (word) => `${RLM}${RLO}${word}${PDF}${RLM}`);
}

/** A placeholder shown as one right-to-left word, as Android's ar-XB wraps its arguments. */
export function rtlWhole(text: string): string {
  return `${RLM}${RLO}${text}${PDF}${RLM}`;
}
