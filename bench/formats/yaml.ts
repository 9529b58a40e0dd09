/** Benchmark input for the YAML format: a Rails-style locale file; baseline `yaml` parse + stringify. */
import { parse, stringify } from 'yaml';
import { yamlFormat } from '../../src/formats/yaml/index.ts';
import { fillTo, WORDS } from '../support/generate.ts';

function section(n: number): string {
  const w = WORDS[n % WORDS.length]!;
  return [
    `  ${w}_${n}:`,
    `    # Heading of the ${w} page`,
    `    title: ${w[0]!.toUpperCase()}${w.slice(1)} overview ${n}`,
    `    description: "Manage every ${w} in one place — filters, exports and history."`,
    `    empty: 'No ${w}s yet. Create the first one!'`,
    `    help: |`,
    `      Use the search field to find a ${w}.`,
    `      Results update while you type.`,
    `    count:`,
    `      one: "%{count} ${w}"`,
    `      other: "%{count} ${w}s"`,
    `    actions: [Edit, Delete, Archive]`,
    `    per_page: 25`,
    '',
  ].join('\n');
}

export const benchFormat = {
  name: 'yaml',
  format: yamlFormat,
  /** A realistic `en:` locale file of about `targetBytes` bytes. */
  generate(targetBytes: number): Uint8Array {
    return new TextEncoder().encode(fillTo(targetBytes, section, { head: '# Generated locale file\nen:\n' }));
  },
  /** The naive way: the `yaml` package's parse + stringify (loses comments and styles). */
  naive(bytes: Uint8Array): void {
    stringify(parse(new TextDecoder().decode(bytes)));
  },
};
