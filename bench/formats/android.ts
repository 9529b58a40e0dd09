/** Benchmark input for Android strings.xml; baseline saxes parse + serialize (see xliff12.ts). */
import { androidFormat } from '../../src/formats/android/index.ts';
import { saxesRoundTrip } from './xliff12.ts';

const WORDS = [
  'account',
  'order',
  'invoice',
  'shipping',
  'profile',
  'search',
  'report',
  'payment',
  'team',
  'project',
];

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
    const parts = [head];
    let size = head.length + tail.length;
    for (let n = 0; size < targetBytes; n++) {
      const s = section(n);
      parts.push(s);
      size += Buffer.byteLength(s);
    }
    parts.push(tail);
    return new TextEncoder().encode(parts.join(''));
  },
  naive(bytes: Uint8Array): void {
    new TextEncoder().encode(saxesRoundTrip(bytes));
  },
};
