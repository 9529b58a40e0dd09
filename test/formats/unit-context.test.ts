/**
 * The context a format's own files carry reaches the unit as structured fields (description,
 * placeholders, references, length limit), read from realistic files of each format.
 */
import { describe, expect, it } from 'vitest';
import { formatByName } from '../../src/formats/registry.ts';

const parse = (format: string, text: string) => {
  const module = formatByName(format);
  if (!module) throw new Error(`no format ${format}`);
  return module.parse(new TextEncoder().encode(text), { fileName: `file.${format}` });
};
const unit = (format: string, text: string, id: string) => {
  const found = parse(format, text).find((u) => u.id === id);
  if (!found) throw new Error(`no unit ${id}`);
  return found;
};

describe('format context reaches the unit', () => {
  it('po: #. extracted comments are the description, #: lines the references', () => {
    const po = `msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

# Translator: keep it short
#. Button that opens the settings screen
#. (toolbar, right side)
#: src/ui/toolbar.c:42 src/ui/menu.c:7
#, c-format
msgid "Open"
msgstr ""
`;
    const u = unit('po', po, 'Open');
    expect(u.description).toBe('Button that opens the settings screen\n(toolbar, right side)');
    expect(u.references).toEqual(['src/ui/toolbar.c:42', 'src/ui/menu.c:7']);
    expect(u.notes).toContain('Translator: keep it short');
  });

  it('arb: @key.description and each placeholder’s type and example', () => {
    const arb = `{
  "@@locale": "en",
  "unread": "{count} unread messages from {sender}",
  "@unread": {
    "description": "Badge on the inbox tab",
    "placeholders": {
      "count": { "type": "int", "example": "3" },
      "sender": { "type": "String", "example": "Ada", "description": "who sent the last one" }
    }
  }
}`;
    const u = unit('arb', arb, 'unread');
    expect(u.description).toBe('Badge on the inbox tab');
    expect(u.placeholders).toEqual({
      count: { type: 'int', example: '3' },
      sender: { type: 'String', example: 'Ada', description: 'who sent the last one' },
    });
  });

  it('android: the comment directly above an element, and <xliff:g> examples', () => {
    const xml = `<?xml version="1.0" encoding="utf-8"?>
<resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
    <!-- Settings -->

    <string name="title">Settings</string>
    <!-- Shown under the inbox title -->
    <string name="unread">You have <xliff:g id="count" example="3">%1$d</xliff:g> new messages</string>
    <!-- Days left in the trial -->
    <plurals name="days">
        <item quantity="one"><xliff:g id="n" example="1">%d</xliff:g> day</item>
        <item quantity="other"><xliff:g id="n" example="14">%d</xliff:g> days</item>
    </plurals>
</resources>
`;
    const units = parse('android', xml);
    const title = units.find((u) => u.id === 'title')!;
    expect(title.description).toBeUndefined(); // a heading comment, a blank line below it
    const unread = units.find((u) => u.id === 'unread')!;
    expect(unread.description).toBe('Shown under the inbox title');
    expect(unread.placeholders).toEqual({ count: { example: '3' } });
    const days = units.find((u) => u.id === 'days')!;
    expect(days.description).toBe('Days left in the trial');
    expect(Object.keys(days.placeholders ?? {})).toEqual(['n']);
  });

  it('strings, xcstrings, yaml and properties: comments above a key are notes', () => {
    expect(unit('strings', '/* Title of the inbox */\n"inbox" = "Inbox";\n', 'inbox').notes).toEqual([
      'Title of the inbox',
    ]);
    const catalog = JSON.stringify({
      sourceLanguage: 'en',
      version: '1.0',
      strings: { Inbox: { comment: 'Title of the inbox' } },
    });
    expect(unit('xcstrings', catalog, 'Inbox').notes).toEqual(['Title of the inbox']);
    expect(unit('yaml', 'en:\n  # Title of the inbox\n  inbox: Inbox\n', 'inbox').notes).toEqual([
      'Title of the inbox',
    ]);
    expect(unit('properties', '# Title of the inbox\ninbox=Inbox\n', 'inbox').notes).toEqual([
      'Title of the inbox',
    ]);
  });

  it('xliff 1.2: <note> and maxwidth in characters', () => {
    const xlf = `<?xml version="1.0"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file original="app" source-language="en" datatype="plaintext">
    <body>
      <trans-unit id="save" maxwidth="12" size-unit="char">
        <source>Save</source>
        <note>Toolbar button</note>
      </trans-unit>
    </body>
  </file>
</xliff>
`;
    expect(unit('xliff12', xlf, 'save')).toMatchObject({ maxLength: 12, notes: ['Toolbar button'] });
  });

  it('xliff 2: <note> and slr:sizeRestriction under the code-point profile', () => {
    const xlf = `<?xml version="1.0"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en"
  xmlns:slr="urn:oasis:names:tc:xliff:sizerestriction:2.0">
  <file id="f1">
    <slr:profiles generalProfile="xliff:codepoints" storageProfile="xliff:utf8"/>
    <unit id="save" slr:sizeRestriction="10">
      <notes><note>Toolbar button</note></notes>
      <segment><source>Save</source></segment>
    </unit>
  </file>
</xliff>
`;
    expect(unit('xliff2', xlf, 'save')).toMatchObject({ maxLength: 10, notes: ['Toolbar button'] });
  });
});

describe('the XLIFF exchange carries context a format cannot say', () => {
  it('writes description, max length and placeholder meanings, and reads the description back', async () => {
    const { extractXliff } = await import('../../src/formats/exchange.ts');
    const json = formatByName('json')!;
    const xliff = extractXliff(json, new TextEncoder().encode('{ "unread": "{{count}} unread" }'), {
      fileName: 'common.json',
      sourceLang: 'en',
      targetLang: 'de',
      withContext: (units) =>
        units.map((u) => ({
          ...u,
          location: u.location,
          description: 'Banner above the inbox',
          maxLength: 20,
          placeholders: { count: { description: 'number of unread messages' } },
        })),
    });
    const text = new TextDecoder().decode(xliff);
    expect(text).toContain('maxwidth="20" size-unit="char"');
    expect(text).toContain('<note from="description">Banner above the inbox</note>');
    expect(text).toContain('<note from="placeholders">count: number of unread messages</note>');
    const [read] = formatByName('xliff12')!.parse(xliff);
    expect(read).toMatchObject({ description: 'Banner above the inbox', maxLength: 20 });
  });
});
