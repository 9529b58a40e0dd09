/** Benchmark input for Android strings.xml; baseline saxes parse + serialize (see xliff12.ts). */
import { androidFormat } from '../../src/formats/android/index.ts';
import { fillTo, WORDS } from '../support/generate.ts';
import { saxesRoundTrip } from './xliff12.ts';

function section(n: number): string {
  const w = WORDS[n % WORDS.length]!;
  return [
    `    <!-- Title of the ${w} screen -->`,
    `    <string name="${w}_title_${n}">${w[0]!.toUpperCase()}${w.slice(1)} overview</string>`,
    `    <string name="${w}_empty_${n}">You don\\'t have any ${w}s yet. Tap \\"New\\" to start.</string>`,
    `    <string name="${w}_welcome_${n}">Welcome, <xliff:g id="name" example="Alex">%1$s</xliff:g>! <b>${n}</b> new &amp; updated</string>`,
    `    <string name="${w}_help_${n}"><![CDATA[See <a href=\\"https://example.com/${w}\\">help</a> for ${w}s]]></string>`,
    `    <plurals name="${w}_count_${n}">`,
    `        <item quantity="one">%d ${w}</item>`,
    `        <item quantity="other">%d ${w}s</item>`,
    '    </plurals>',
    `    <string-array name="${w}_sort_${n}">`,
    '        <item>Newest first</item>',
    '        <item>Oldest first</item>',
    '    </string-array>',
    '',
  ].join('\n');
}

export const benchFormat = {
  name: 'android',
  format: androidFormat,
  /** A realistic `res/values/strings.xml` of about `targetBytes` bytes. */
  generate(targetBytes: number): Uint8Array {
    const head =
      '<?xml version="1.0" encoding="utf-8"?>\n<resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">\n';
    const tail = '</resources>\n';
    return new TextEncoder().encode(fillTo(targetBytes, section, { head, tail }));
  },
  naive(bytes: Uint8Array): void {
    new TextEncoder().encode(saxesRoundTrip(bytes));
  },
};
