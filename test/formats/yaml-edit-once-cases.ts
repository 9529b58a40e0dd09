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
