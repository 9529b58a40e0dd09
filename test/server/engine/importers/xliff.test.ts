import { describe, expect, it } from 'vitest';
import { fixture, importFailure, importSegments } from './support.ts';

describe('XLIFF 1.2 import', () => {
  it('imports translated units with inline tags, notes and resname as context', async () => {
    const { items, stats } = await importSegments('webapp.xlf', fixture('webapp-de-AT.xlf'));
    expect(items).toEqual([
      {
        source: 'Home',
        target: 'Startseite',
        notes: 'Top navigation, max. 12 characters',
        context: 'nav.home',
      },
      {
        source: 'Cart (<x id="1" ctype="x-icu-plural" equiv-text="{count}"/>)',
        target: 'Warenkorb (<x id="1" ctype="x-icu-plural" equiv-text="{count}"/>)',
        context: 'nav.cart',
      },
      {
        source: 'I accept the <g id="1" ctype="link">terms & conditions</g>.',
        target: 'Ich akzeptiere die <g id="1" ctype="link">AGB</g>.',
        context: 'checkout.terms',
      },
      // needs-review-translation is translated text waiting for review: imported.
      { source: 'Review your order', target: 'Bestellung überprüfen', context: 'checkout.review' },
      // Segmented with <seg-source>/<mrk mtype="seg">: the segment's content, without the marker.
      { source: 'Hello <ph id="1"><b>{name}</b></ph>,', target: 'Servus <ph id="1"><b>{name}</b></ph>,' },
    ]);
    // new, needs-translation and a missing target are untranslated; translate="no" is not counted.
    expect(stats).toEqual({ format: 'xliff', imported: 5, skipped: 3, skippedBy: { untranslated: 3 } });
  });

  it('refuses a file whose target-language is another region than the memory', async () => {
    const xliff = new TextDecoder()
      .decode(fixture('webapp-de-AT.xlf'))
      .replace('target-language="de-AT"', 'target-language="de-CH"');
    const error = await importFailure('webapp.xlf', xliff);
    expect(error.message).toBe(
      `line 3, column 3: target-language="de-CH" does not match the memory's target language de-AT (memory en-US → de-AT)`,
    );
  });

  it('refuses a file whose source language is another language', async () => {
    const xliff =
      '<xliff version="1.2"><file source-language="fr" target-language="de-AT"><body/></file></xliff>';
    const error = await importFailure('fr.xlf', xliff);
    expect(error.message).toMatch(
      /^line 1, column 22: source-language="fr" does not match the memory's source language en-US/,
    );
  });

  it('accepts a file without regions for a memory with regions', async () => {
    const xliff = `<xliff version="1.2"><file source-language="en" target-language="de"><body>
      <trans-unit id="1"><source>Yes</source><target>Ja</target></trans-unit></body></file></xliff>`;
    const { items } = await importSegments('plain.xliff', xliff);
    expect(items).toEqual([{ source: 'Yes', target: 'Ja' }]);
  });

  it('fails when nothing is translated, saying why', async () => {
    const xliff = `<xliff version="1.2"><file source-language="en-US" target-language="de-AT"><body>
      <trans-unit id="1"><source>Yes</source></trans-unit>
      <trans-unit id="2"><source>No</source><target state="new">No</target></trans-unit></body></file></xliff>`;
    const error = await importFailure('todo.xlf', xliff);
    expect(error.message).toBe(
      'todo.xlf: nothing to import: none of the 2 segments is importable; skipped: 2 untranslated',
    );
  });

  it('fails with a position for a <trans-unit> without <source>', async () => {
    const xliff = `<xliff version="1.2"><file source-language="en-US" target-language="de-AT"><body>
  <trans-unit id="1"><target>Ja</target></trans-unit></body></file></xliff>`;
    expect((await importFailure('bad.xlf', xliff)).message).toBe(
      'line 2, column 3: <trans-unit> without <source>',
    );
  });
});

describe('XLIFF 2.0 import', () => {
  it('imports segments that are translated, reviewed, final or carry a target without a state', async () => {
    const { items, stats } = await importSegments('mobile.xliff', fixture('mobile-v2.xliff'));
    expect(items).toEqual([
      {
        source: 'Welcome to <pc id="1" dataRefStart="b1" dataRefEnd="b2">ACME</pc>!',
        target: 'Willkommen bei <pc id="1" dataRefStart="b1" dataRefEnd="b2">ACME</pc>!',
        notes: 'Title of the first onboarding screen',
        context: 'welcome.title',
      },
      {
        source: 'You have <ph id="2" equiv="%d"/> new messages.',
        target: 'Sie haben <ph id="2" equiv="%d"/> neue Nachrichten.',
        notes: 'Title of the first onboarding screen',
        context: 'welcome.title',
      },
      { source: 'Log out', target: 'Abmelden', context: 'settings.logout' },
    ]);
    // state="initial", an empty target and a missing target.
    expect(stats.skippedBy).toEqual({ untranslated: 3 });
  });

  it('checks srcLang and trgLang against the memory', async () => {
    const xliff = new TextDecoder()
      .decode(fixture('mobile-v2.xliff'))
      .replace('trgLang="de-AT"', 'trgLang="fr-FR"');
    const error = await importFailure('mobile.xliff', xliff);
    expect(error.message).toBe(
      `line 2, column 1: trgLang="fr-FR" does not match the memory's target language de-AT (memory en-US → de-AT)`,
    );
  });

  it('refuses a document that is not XLIFF', async () => {
    const error = await importFailure('strings.xlf', '<resources><string name="a">A</string></resources>');
    expect(error.message).toBe('strings.xlf is not an XLIFF document: the root element is <resources>');
  });
});
