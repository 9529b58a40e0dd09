/**
 * Benchmark input for Java .properties: a Spring messages bundle. No properties library is
 * installed, so the baseline is the naive approach such libraries take: split lines, match
 * `key = value` with a regular expression, unescape, then write every line back escaped.
 */
import { propertiesFormat } from '../../src/formats/properties/index.ts';
import { fillTo } from '../support/generate.ts';

function block(n: number): string {
  return `# Product page ${n}
product.${n}.title = Outdoor jacket model ${n}
product.${n}.description = Waterproof, breathable and light: the jacket for every trail. \\
    Machine washable at 30\\u00b0C.
product.${n}.price = Price: {0,number,currency}
product.${n}.stock = Only {0} left in stock
! Buttons
product.${n}.add = Add to cart
product.${n}.wishlist = Save for later
product.${n}.url = https\\://shop.example/p/${n}

`;
}

const LINE = /^\s*((?:\\.|[^\s=:\\])*)\s*[=:]?\s*(.*)$/;

export const benchFormat = {
  name: 'properties',
  format: propertiesFormat,
  /** A messages.properties of about `targetBytes` bytes (comments, continuations, \\u escapes). */
  generate(targetBytes: number): Uint8Array {
    return new Uint8Array(Buffer.from(fillTo(targetBytes, block), 'latin1'));
  },
  /** The naive way: join continuations, regex per line, unescape, re-escape, join. */
  naive(bytes: Uint8Array): void {
    const text = Buffer.from(bytes)
      .toString('latin1')
      .replace(/\\\r?\n\s*/g, '');
    const out: string[] = [];
    for (const line of text.split(/\r?\n/)) {
      if (/^\s*([#!]|$)/.test(line)) {
        out.push(line);
        continue;
      }
      const m = LINE.exec(line)!;
      const unescapeText = (s: string) =>
        s.replace(/\\u([0-9a-fA-F]{4})|\\(.)/g, (_, hex, c) =>
          hex ? String.fromCharCode(Number.parseInt(hex, 16)) : c,
        );
      const escapeText = (s: string) =>
        s
          .replace(/[\\=:]/g, '\\$&')
          .replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
      out.push(`${escapeText(unescapeText(m[1]!))}=${escapeText(unescapeText(m[2]!))}`);
    }
    Buffer.from(out.join('\n'), 'latin1');
  },
};
