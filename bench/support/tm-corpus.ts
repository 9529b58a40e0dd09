/**
 * The TM benchmarks' corpus (bench/tm.ts, bench/tm-replicas.ts): UI-string-like and
 * documentation-like sentences of 3–30 words drawn from a vocabulary (Zipf-skewed), with numbers,
 * placeholders and tags, and pseudo-translated targets; and queries made from stored sentences.
 */
import { seededRandom } from './random.ts';

const words = (s: string) => s.trim().split(/\s+/);
const VERBS = words(`delete save open close create edit update upload download remove add select import export
  share copy move rename restore archive publish sync refresh cancel confirm install configure enable disable
  reset search filter sort view print send invite connect verify translate review approve reject assign
  schedule submit load apply change check start stop pause resume retry validate merge deploy build run
  test lock unlock attach detach convert compress extract encrypt backup replace insert format preview`);
const NOUNS = words(`file folder document project user account password setting message comment item record
  report task job language translation memory segment glossary term page section image attachment link team
  member role permission notification email address payment invoice order product customer key token
  session device network server database table column row field value template workflow stage branch
  commit repository request response error warning version release backup log event webhook calendar
  contact group label tag category note draft status profile avatar theme layout widget dashboard chart
  metric quota limit plan subscription license domain certificate channel queue worker process service
  endpoint module package plugin extension driver cache index query result source target string locale
  region timezone currency unit screen window dialog button menu toolbar panel tab list card form`);
const ADJECTIVES = words(`new selected current default available invalid empty active archived deleted shared
  private public recent pending failed completed required optional local remote previous next first last
  secure temporary external internal automatic manual custom existing unsaved duplicate missing hidden
  visible large small read-only primary secondary detailed advanced basic global personal`);
const PLACEHOLDERS = words('{name} {count} {file} {user} %s %d %1$s %2$d {{user}} {{count}} %@ {0} {1}');
const ONSETS = words('b c d f g h j k l m n p r s t v w z br ch cl dr fl gr kr pl pr sh st th tr');
const VOWELS = words('a e i o u y ai ea io ou');
const CODAS = ['', '', 'n', 'r', 's', 'x', 'l', 'nd', 'rt', 'ck'];
// Product names and jargon: 4,000 rare words, as real documentation has.
const TERMS = Array.from({ length: 4000 }, (_, i) => {
  const r = seededRandom(i + 1);
  const any = (xs: readonly string[]) => xs[Math.floor(r() * xs.length)]!;
  let w = '';
  for (let k = 2 + Math.floor(r() * 2); k > 0; k--) w += any(ONSETS) + any(VOWELS) + any(CODAS);
  return w;
});

const UI = [
  'V the N',
  'V Ns',
  'V NUM Ns',
  'V A Ns',
  'Could not V the N.',
  'Are you sure you want to V this N?',
  'The N was Vd successfully.',
  'N: PH',
  'You have PH A Ns',
  'Click <b>V</b> to V the A N.',
  'NUM of NUM Ns Vd',
  'No A Ns found',
  'V N for PH',
  'Unable to V PH: PH',
  'PH Ns will be Vd',
  'The T N is A.',
  'V the N in T',
  'Show A Ns',
  'N PH is A',
  'V all Ns in the A N',
];
const CLAUSES = [
  'to V a N, open the A N in T',
  'the T N Vs every N of the A N',
  'you can V up to NUM Ns per N',
  'if the N is A, the T will V the N',
  'see <a href="#T">the N section</a> for more information about Ns',
  'each N has a A N and NUM Ns',
  'the N PH is Vd when the N is Vd',
  'use the T N to V A Ns from the N',
  'this N Vs the A N of the T',
  'by default, Ns are Vd after NUM minutes',
  'when you V a N, the A Ns are Vd as well',
  'the N must be A before you V it',
  'set T to NUM to V the A N',
  'only A Ns can be Vd by the N',
  'the <code>T</code> N returns PH',
];
const JOINS = [', and ', ', but ', '; ', ' when ', ' so that ', ', then '];

function generator(r: () => number) {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(xs.length * r() ** 1.7)]!;
  const flat = <T>(xs: readonly T[]): T => xs[Math.floor(xs.length * r())]!;
  const number = () => String(r() < 0.7 ? 1 + Math.floor(r() * 20) : Math.floor(r() * 5000));
  const fill = (template: string) =>
    template.replace(/\b(Vd|Vs|V|Ns|N|A|T|NUM|PH)\b/g, (slot) => {
      switch (slot) {
        case 'V':
          return pick(VERBS);
        case 'Vd': {
          const v = pick(VERBS);
          return v.endsWith('e') ? v + 'd' : v + 'ed';
        }
        case 'Vs':
          return pick(VERBS) + 's';
        case 'N':
          return pick(NOUNS);
        case 'Ns':
          return pick(NOUNS) + 's';
        case 'A':
          return pick(ADJECTIVES);
        case 'T':
          return flat(TERMS);
        case 'NUM':
          return number();
        default:
          return flat(PLACEHOLDERS);
      }
    });
  const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  return {
    sentence(): string {
      for (;;) {
        let s: string;
        if (r() < 0.55) s = capital(fill(flat(UI)));
        else {
          s = fill(flat(CLAUSES));
          for (let k = Math.floor(r() * 3); k > 0; k--) s += flat(JOINS) + fill(flat(CLAUSES));
          s = capital(s) + '.';
        }
        const count = words(s).length;
        if (count >= 3 && count <= 30) return s;
      }
    },
    word: () => (r() < 0.5 ? pick(NOUNS) : r() < 0.5 ? pick(VERBS) : flat(TERMS)),
    number,
    placeholder: () => flat(PLACEHOLDERS),
    random: r,
  };
}

const pseudo = new Map<string, string>();
function translate(source: string): string {
  // Placeholders and tags stay as they are; words get a stable pseudo-translation.
  return source.replace(/(\{\{[^}]*\}\}|\{[^}]*\}|<[^>]*>|%\S+)|([A-Za-z][a-z-]+)/g, (_, keep, w) => {
    if (keep !== undefined) return keep;
    let t = pseudo.get(w);
    if (t === undefined) {
      t = w.length > 3 ? w.slice(2) + w.slice(0, 2) + 'en' : w + 'e';
      pseudo.set(w, t);
    }
    return t;
  });
}

/** An endless, deterministic stream of segments. */
export function* sentences(seed: number): Generator<{ source: string; target: string }> {
  const g = generator(seededRandom(seed));
  for (;;) {
    const source = g.sentence();
    yield { source, target: translate(source) };
  }
}

/** A query: a stored sentence with words, a number or a placeholder changed; or an unrelated one. */
export function mutate(stored: readonly string[], seed: number): string {
  const g = generator(seededRandom(seed));
  const r = g.random;
  const kind = r();
  if (kind < 0.15) return g.sentence();
  const tokens = stored[Math.floor(r() * stored.length)]!.split(' ');
  const where = (test: RegExp) => tokens.map((t, i) => (test.test(t) ? i : -1)).filter((i) => i >= 0);
  const replace = (test: RegExp, make: () => string) => {
    const at = where(test);
    if (at.length === 0) return false;
    const i = at[Math.floor(r() * at.length)]!;
    tokens[i] = tokens[i]!.replace(test, make);
    return true;
  };
  const WORD = /^[A-Za-z][a-z-]+/;
  if (kind < 0.35 && replace(/\d+/, g.number)) return tokens.join(' ');
  if (kind < 0.42 && replace(/\{+\w+\}+|%\w+/, g.placeholder)) return tokens.join(' ');
  replace(WORD, g.word);
  if (kind > 0.7) replace(WORD, g.word);
  return tokens.join(' ');
}
