/** Benchmark input for XLIFF 2.0: a segmented, partly translated file; baseline saxes parse + serialize. */
import { xliff2Format } from '../../src/formats/xliff2/index.ts';
import { fillTo, WORDS } from '../support/generate.ts';
import { saxesRoundTrip } from './xliff12.ts';

function unit(n: number): string {
  const w = WORDS[n % WORDS.length]!;
  const target = n % 2 === 0 ? `\n        <target>Die ${w}-Übersicht ${n}</target>` : '';
  return [
    `    <unit id="${w}.${n}">`,
    `      <notes><note category="description">Shown on the ${w} page</note></notes>`,
    `      <segment state="${target ? 'translated' : 'initial'}">`,
    `        <source>Open the <pc id="1" dataRefStart="d1" dataRefEnd="d2">${w}</pc> overview &amp; history ${n}<ph id="2" dataRef="d3"/></source>${target}`,
    '      </segment>',
    '      <ignorable><source> </source></ignorable>',
    '      <segment>',
    `        <source>Use the search field to find a ${w}; results update while you type.</source>`,
    '      </segment>',
    '    </unit>',
    '',
  ].join('\n');
}

export const benchFormat = {
  name: 'xliff2',
  format: xliff2Format,
  /** A realistic XLIFF 2.0 file of about `targetBytes` bytes. */
  generate(targetBytes: number): Uint8Array {
    const head =
      '<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="de">\n  <file id="f1">\n';
    const tail = '  </file>\n</xliff>\n';
    return new TextEncoder().encode(fillTo(targetBytes, unit, { head, tail }));
  },
  naive(bytes: Uint8Array): void {
    new TextEncoder().encode(saxesRoundTrip(bytes));
  },
};
