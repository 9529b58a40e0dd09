/**
 * The edits of test/fixtures/yaml/edit-once-de.yml that yaml-edit-once.test.ts replays: each one's
 * expected output (edit-once-de.<name>.yml) was written by the edit as it stood before it read each
 * text once (three passes, each over a fresh parse), so the one-parse edit must give the same bytes.
 */
import type { PluralForms } from '../../src/formats/model.ts';

export interface EditCase {
  name: string;
  set: Record<string, string | PluralForms>;
  remove: string[];
}

/** Every id the German fixture holds but the anchored defaults (an alias still points at them). */
const MOST = [
  'products.index.heading',
  'products.index.intro',
  'products.index.obsolete',
  'products.index.count',
  'products.index.filters.title',
  'products.index.filters.brand',
  'products.show.price',
  'products.show.stock',
  'products.show.notes',
  'products.show.buttons.buy',
  'products.gone.a',
  'products.gone.b',
  'layouts.application.title',
  'layouts.application.search',
  'layouts.application.old',
  'layouts.mailer.greeting',
  'layouts.mailer.signature',
  'checkout.done',
  'stale',
];

const NEW = {
  'layouts.application.tagline': 'Alles, was Sie brauchen',
  'layouts.application.footer': 'Mit Sorgfalt gemacht',
  'layouts.mailer.legal': 'Diese Nachricht erhalten Sie,\nweil Sie ein Konto haben.\n',
  'products.index.empty': 'Noch keine Produkte.',
  'products.index.filters.price': 'Preis',
  'checkout.steps.address': 'Adresse',
  'checkout.steps.payment': 'Zahlung',
  'new_section.nested.deep': 'Tiefer Text',
  'new_section.plain': 'Schlichter Text',
};

const CHANGED = {
  'defaults.cancel': 'Abbruch',
  'products.index.heading': 'Alle Produkte',
  'products.index.intro': 'Katalog: durchsuchen',
  'products.index.filters.title': 'Filter: alle',
  'products.show.stock': { zero: 'Ausverkauft', one: 'Nur noch eines!', other: '%{count} vorrätig' },
  'products.show.notes': 'Versand in 3 Tagen.\nAbholung möglich.\n\n',
  'products.show.buttons.buy': 'Kaufen',
  'layouts.application.search': 'Suche: alles',
  'layouts.mailer.signature': 'Mit freundlichen Grüßen,\nIhr Acme-Team\naus Berlin\n',
  'checkout.done': "Danke: 'bis bald'",
};

const GONE = [
  'products.index.obsolete',
  'products.gone.a',
  'products.gone.b',
  'layouts.application.old',
  'stale',
];

export const CASES: EditCase[] = [
  { name: 'sync', set: { ...CHANGED, ...NEW }, remove: GONE },
  { name: 'changed', set: CHANGED, remove: [] },
  { name: 'new', set: NEW, remove: [] },
  { name: 'gone', set: {}, remove: GONE },
  {
    name: 'emptied',
    set: { 'products.index.heading': 'Produkte' },
    remove: ['products.index.count', 'layouts.mailer.greeting', 'layouts.mailer.signature', 'checkout.done'],
  },
  { name: 'most-gone', set: {}, remove: MOST },
  { name: 'most-gone-one-new', set: { 'new_section.plain': 'Schlicht' }, remove: MOST },
  {
    name: 'plural-one',
    set: { 'products.index.count': 'Produkte: %{count}', 'products.show.stock': '%{count}' },
    remove: ['products.index.heading'],
  },
];

/** An edit of a small target where the one-read edit reads the text again, with what the three-pass edit wrote. */
export interface RereadCase {
  name: string;
  target: string;
  source: string;
  set: Record<string, string | PluralForms>;
  remove: string[];
  targetLang: string;
  expected: string;
}

export const REREAD_CASES: RereadCase[] = [
  {
    // The insertion after the last line brings the line break the removed last pair leaves (`b`
    // is a number in the source now: no unit, but still where `y` goes).
    name: 'an insertion and a removal at the end of a file without a final line break',
    target: 'de:\n  one_more: Noch\n  b: Weg',
    source: 'en:\n  one_more: More\n  b: 42\n  y: Why\n',
    set: { one_more: 'Noch mehr', y: 'Warum' },
    remove: ['b'],
    targetLang: 'de',
    expected: 'de:\n  one_more: Noch mehr\n  y: Warum',
  },
  {
    // The new `count` repeats the map's key: the removal's walk finds the new copy, no map.
    name: 'an insertion repeating a key a removal walks',
    target: 'de:\n  count:\n    menu: Menü\n  e: E\n',
    source: 'en:\n  e: E\n  count: "%{count} things"\n',
    set: { count: '%{count} Dinge' },
    remove: ['count.menu'],
    targetLang: 'de',
    expected: "de:\n  count:\n    menu: Menü\n  e: E\n  count: '%{count} Dinge'\n",
  },
  {
    name: 'an insertion into a plural hash the patches reshape',
    target: 'ru:\n  n:\n    one: один\n    other: много\n  z: Z\n',
    source: 'en:\n  n:\n    one: one\n    other: many\n    x: X\n  z: Z\n',
    set: { n: { one: 'одна', few: 'несколько', many: 'много', other: 'много' }, 'n.x': 'Икс' },
    remove: [],
    targetLang: 'ru',
    expected:
      'ru:\n  n:\n    one: одна\n    other: много\n    x: Икс\n    few: несколько\n    many: много\n  z: Z\n',
  },
];
