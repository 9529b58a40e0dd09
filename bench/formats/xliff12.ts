/** Benchmark input for XLIFF 1.2: an Okapi-style bilingual file; baseline saxes parse + serialize. */
import { SaxesParser } from 'saxes';
import { xliff12Format } from '../../src/formats/xliff12/index.ts';
import { fillTo, WORDS } from '../support/generate.ts';

function unit(n: number): string {
  const w = WORDS[n % WORDS.length]!;
  const target = n % 2 === 0 ? `\n          <target state="translated">Die ${w}-Übersicht ${n}</target>` : '';
  return [
    `        <trans-unit id="${w}.${n}" resname="${w}_${n}" xml:space="preserve">`,
    `          <source>Open the <g id="1" ctype="x-html-b">${w}</g> overview &amp; history ${n}<x id="2" ctype="lb"/></source>${target}`,
    `          <note>Shown on the ${w} page</note>`,
    '        </trans-unit>',
    `        <trans-unit id="${w}.${n}.help" xml:space="preserve">`,
    `          <source>Use the search field to find a ${w}; results update while you type &lt;fast&gt;.</source>`,
    '        </trans-unit>',
    '',
  ].join('\n');
}

interface Element {
  name: string;
  attributes: Record<string, string>;
  children: (Element | string)[];
}

/**
 * The naive way with the XML library in our dependencies: load the document into a tree with
 * saxes (what xml2js or a DOM parser hands you) and save it back as text.
 */
export function saxesRoundTrip(bytes: Uint8Array): string {
  const root: Element = { name: '', attributes: {}, children: [] };
  const stack = [root];
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => {
    const element: Element = {
      name: tag.name,
      attributes: tag.attributes as Record<string, string>,
      children: [],
    };
    stack[stack.length - 1]!.children.push(element);
    stack.push(element);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.on('text', (text) => stack[stack.length - 1]!.children.push(text));
  parser.on('cdata', (text) => stack[stack.length - 1]!.children.push(text));
  parser.write(new TextDecoder().decode(bytes)).close();
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const parts: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const write = (node: Element | string): void => {
    if (typeof node === 'string') {
      parts.push(esc(node));
      return;
    }
    let attrs = '';
    for (const [name, value] of Object.entries(node.attributes))
      attrs += ` ${name}="${esc(value).replace(/"/g, '&quot;')}"`;
    if (node.children.length === 0) {
      parts.push(`<${node.name}${attrs}/>`);
      return;
    }
    parts.push(`<${node.name}${attrs}>`);
    for (const child of node.children) write(child);
    parts.push(`</${node.name}>`);
  };
  for (const child of root.children) write(child);
  return parts.join('');
}

export const benchFormat = {
  name: 'xliff12',
  format: xliff12Format,
  /** A realistic XLIFF 1.2 file (half the units translated) of about `targetBytes` bytes. */
  generate(targetBytes: number): Uint8Array {
    const head = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">',
      '  <file original="app.html" source-language="en" target-language="de" datatype="html">',
      '    <body>',
      '      <group id="main">',
      '',
    ].join('\n');
    const tail = '      </group>\n    </body>\n  </file>\n</xliff>\n';
    return new TextEncoder().encode(fillTo(targetBytes, unit, { head, tail }));
  },
  naive(bytes: Uint8Array): void {
    new TextEncoder().encode(saxesRoundTrip(bytes));
  },
};
