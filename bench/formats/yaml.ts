/**
 * Benchmark input for the YAML format: a Rails-style locale file; baseline `yaml` parse + stringify.
 * Also a sync's edit of a German target of about 20,000 units (some changed, some new, some gone).
 */
import { parse, stringify } from 'yaml';
import type { TargetChanges } from '../../src/formats/model.ts';
import { yamlFormat } from '../../src/formats/yaml/index.ts';
import { fillTo, WORDS } from '../support/generate.ts';

/** Units per section: title, description, empty, help, count (a plural) and three actions. */
const SECTION_UNITS = 8;

function section(n: number, lang: 'en' | 'de' = 'en'): string {
  const w = WORDS[n % WORDS.length]!;
  const t = lang === 'de' ? 'Ü ' : '';
  return [
    `  ${w}_${n}:`,
    `    # Heading of the ${w} page`,
    `    title: ${t}${w[0]!.toUpperCase()}${w.slice(1)} overview ${n}`,
    `    description: "${t}Manage every ${w} in one place — filters, exports and history."`,
    `    empty: '${t}No ${w}s yet. Create the first one!'`,
    `    help: |`,
    `      ${t}Use the search field to find a ${w}.`,
    `      Results update while you type.`,
    `    count:`,
    `      one: "${t}%{count} ${w}"`,
    `      other: "${t}%{count} ${w}s"`,
    `    actions: [${t}Edit, Delete, Archive]`,
    `    per_page: 25`,
    '',
  ].join('\n');
}

/**
 * What a sync hands `edit` for a target of about `units` units: every 25th section's title
 * changed, a new `hint` after every 50th section's description (and so in the source) and every
 * 70th section's `empty` gone from the source.
 */
function editCase(units: number): { target: Uint8Array; changes: TargetChanges; units: number } {
  const sections = Math.ceil(units / SECTION_UNITS);
  const target: string[] = ['# Deutsche Texte\nde:\n'];
  const source: string[] = ['# Generated locale file\nen:\n'];
  const set = new Map<string, string>();
  const remove = new Set<string>();
  for (let n = 0; n < sections; n++) {
    target.push(section(n, 'de'));
    let en = section(n);
    const key = `${WORDS[n % WORDS.length]}_${n}`;
    if (n % 25 === 0) set.set(`${key}.title`, `Neue Übersicht: ${n}`);
    if (n % 50 === 0) {
      en = en.replace('    empty:', `    hint: "Tip: press / to search"\n    empty:`);
      set.set(`${key}.hint`, `Tipp: / drücken, um zu suchen`);
    }
    if (n % 70 === 0) {
      en = en.replace(/ {4}empty: .*\n/, '');
      remove.add(`${key}.empty`);
    }
    source.push(en);
  }
  const enc = new TextEncoder();
  return {
    target: enc.encode(target.join('')),
    changes: { source: enc.encode(source.join('')), set, remove },
    units: sections * SECTION_UNITS,
  };
}

export const benchFormat = {
  name: 'yaml',
  format: yamlFormat,
  /** A realistic `en:` locale file of about `targetBytes` bytes. */
  generate(targetBytes: number): Uint8Array {
    return new TextEncoder().encode(
      fillTo(targetBytes, (n) => section(n), { head: '# Generated locale file\nen:\n' }),
    );
  },
  /** The naive way: the `yaml` package's parse + stringify (loses comments and styles). */
  naive(bytes: Uint8Array): void {
    stringify(parse(new TextDecoder().decode(bytes)));
  },
  editCase,
};
