/** Benchmark input for `.stringsdict`; baseline saxes parse + serialize (see xliff12.ts). */
import { stringsdictFormat } from '../../src/formats/stringsdict/index.ts';
import { fillTo } from '../support/generate.ts';
import { saxesRoundTrip } from './xliff12.ts';

const WORDS = ['file', 'folder', 'message', 'photo', 'song', 'review', 'order', 'invoice', 'task', 'comment'];

function entry(n: number): string {
  const w = WORDS[n % WORDS.length]!;
  const rule = (variable: string, one: string, other: string) =>
    [
      `\t\t<key>${variable}</key>`,
      '\t\t<dict>',
      '\t\t\t<key>NSStringFormatSpecTypeKey</key>',
      '\t\t\t<string>NSStringPluralRuleType</string>',
      '\t\t\t<key>NSStringFormatValueTypeKey</key>',
      '\t\t\t<string>d</string>',
      '\t\t\t<key>one</key>',
      `\t\t\t<string>${one}</string>`,
      '\t\t\t<key>other</key>',
      `\t\t\t<string>${other}</string>`,
      '\t\t</dict>',
    ].join('\n');
  return [
    `\t<key>${w}.count.${n}</key>`,
    '\t<dict>',
    '\t\t<key>NSStringLocalizedFormatKey</key>',
    `\t\t<string>You have %#@${w}s@ in %#@places@ &amp; more</string>`,
    rule(`${w}s`, `%d ${w}`, `%d ${w}s`),
    rule('places', 'one place', '%d places'),
    '\t</dict>',
    '',
  ].join('\n');
}

export const benchFormat = {
  name: 'stringsdict',
  format: stringsdictFormat,
  /** A realistic `Localizable.stringsdict` of about `targetBytes` bytes. */
  generate(targetBytes: number): Uint8Array {
    const head =
      '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<dict>\n';
    const tail = '</dict>\n</plist>\n';
    return new TextEncoder().encode(fillTo(targetBytes, entry, { head, tail }));
  },
  naive(bytes: Uint8Array): void {
    new TextEncoder().encode(saxesRoundTrip(bytes));
  },
};
