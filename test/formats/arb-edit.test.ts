import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { arbFormat } from '../../src/formats/arb/index.ts';
import { FormatError } from '../../src/formats/errors.ts';

const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(b);
const EN = readFileSync(new URL('../fixtures/arb/app_en.arb', import.meta.url));

function edit(
  target: string,
  set: Record<string, string> = {},
  remove: string[] = [],
  source: Uint8Array = EN,
) {
  const changes = { source, set: new Map(Object.entries(set)), remove: new Set(remove) };
  return text(arbFormat.edit!(bytes(target), changes, { targetLang: 'de' }));
}

// A German ARB as gen-l10n users keep them: no metadata, except one description a translator
// left for a colleague, and its own order (price before appTitle).
const DE = `{
  "@@locale": "de",
  "price": "Summe: {amount}",
  "appTitle": "Schrein",
  "@appTitle": {
    "description": "Nicht übersetzen: Markenname"
  },
  "lastOrder": "Letzte Bestellung: {date}"
}
`;

describe('arb edit', () => {
  it('inserts a new message after the block of the preceding source message, without metadata', () => {
    // welcome follows appTitle in the source: it goes after appTitle's @appTitle, not between them.
    expect(edit(DE, { welcome: 'Willkommen zurück, {userName}!' })).toBe(
      DE.replace(
        '"description": "Nicht übersetzen: Markenname"\n  },',
        '"description": "Nicht übersetzen: Markenname"\n  },\n  "welcome": "Willkommen zurück, {userName}!",',
      ),
    );
  });

  it('inserts before the following message when no preceding one is held', () => {
    const de = '{\n  "lastOrder": "Letzte Bestellung: {date}"\n}\n';
    expect(edit(de, { appTitle: 'Schrein' })).toBe(
      '{\n  "appTitle": "Schrein",\n  "lastOrder": "Letzte Bestellung: {date}"\n}\n',
    );
  });

  it('removes a message with its @key metadata and keeps the commas valid', () => {
    expect(edit(DE, {}, ['appTitle'])).toBe(
      '{\n  "@@locale": "de",\n  "price": "Summe: {amount}",\n  "lastOrder": "Letzte Bestellung: {date}"\n}\n',
    );
    expect(edit(DE, {}, ['lastOrder'])).toBe(DE.replace(',\n  "lastOrder": "Letzte Bestellung: {date}"', ''));
  });

  it('patches a held message in place and leaves the rest', () => {
    expect(edit(DE, { price: 'Gesamt: {amount}' })).toBe(DE.replace('Summe', 'Gesamt'));
  });

  it('returns the target itself when nothing changes', () => {
    const de = bytes(DE);
    expect(arbFormat.edit!(de, { source: EN, set: new Map(), remove: new Set() }, { targetLang: 'de' })).toBe(
      de,
    );
  });

  it('keeps CRLF and a four-space indentation', () => {
    const de = '{\r\n    "@@locale": "de",\r\n    "appTitle": "Schrein"\r\n}\r\n';
    expect(edit(de, { welcome: 'Hallo {userName}' })).toBe(
      '{\r\n    "@@locale": "de",\r\n    "appTitle": "Schrein",\r\n    "welcome": "Hallo {userName}"\r\n}\r\n',
    );
  });

  it('throws a FormatError with the position for a target that does not parse', () => {
    expect(() => edit('{\n  "appTitle": "Schrein",\n}\n', { price: 'x' })).toThrow(FormatError);
    try {
      edit('{\n  "appTitle": "Schrein",\n}\n', { price: 'x' });
    } catch (error) {
      expect((error as FormatError).line).toBe(3);
    }
  });
});

describe('arb edit: repeated keys, read as gen-l10n reads them (the last copy)', () => {
  const SOURCE = bytes(
    readFileSync(new URL('../fixtures/arb/gallery-duplicate-key_en.arb', import.meta.url), 'utf8'),
  );
  const DE_REPEATED = `{
  "@@locale": "de",
  "shrineProductChambrayShirt": "Chambray-Hemd",
  "@shrineProductChambrayShirt": {"description": "alt"},
  "shrineProductSeabreezeSweater": "Seabreeze-Pullover",
  "shrineProductChambrayShirt": "Hemd aus Chambray"
}
`;

  it('adds a message from a template that repeats a key where the app’s key order (first place) puts it', () => {
    const target = readFileSync(
      new URL('../fixtures/arb/gallery-duplicate-key_de.arb', import.meta.url),
      'utf8',
    );
    expect(edit(target, { shrineProductClassicWhiteCollar: 'Klassischer weißer Kragen' }, [], SOURCE)).toBe(
      target.replace(
        '"Seabreeze-Pullover"\n',
        '"Seabreeze-Pullover",\n  "shrineProductClassicWhiteCollar": "Klassischer weißer Kragen"\n',
      ),
    );
  });

  it('patches only the last copy in a target that repeats a key; the earlier copy keeps its bytes', () => {
    const out = edit(DE_REPEATED, { shrineProductChambrayShirt: 'Chambray-Hemd' }, [], SOURCE);
    expect(out).toBe(DE_REPEATED.replace('"Hemd aus Chambray"', '"Chambray-Hemd"'));
    expect(edit(DE_REPEATED, {}, [], SOURCE)).toBe(DE_REPEATED);
  });

  it('removes every copy of a removed message and of its metadata', () => {
    const source = bytes('{"shrineProductSeabreezeSweater": "Seabreeze sweater"}');
    expect(edit(DE_REPEATED, {}, ['shrineProductChambrayShirt'], source)).toBe(
      '{\n  "@@locale": "de",\n  "shrineProductSeabreezeSweater": "Seabreeze-Pullover"\n}\n',
    );
  });
});
