/** Benchmark input for JSON: nested i18next namespaces; baseline JSON.parse + JSON.stringify. */
import { jsonFormat } from '../../src/formats/json/index.ts';
import { fillTo } from '../support/generate.ts';

function section(n: number): string {
  return `  "screen${n}": {
    "title": "Project overview ${n}",
    "subtitle": "Everything that happened in project ${n} since your last visit",
    "actions": {
      "save": "Save changes",
      "discard": "Discard \\"draft ${n}\\"",
      "share": "Share with {{name}}"
    },
    "files_one": "{{count}} file in folder ${n}",
    "files_other": "{{count}} files in folder ${n}",
    "owner_male": "Owned by him",
    "owner_female": "Owned by her",
    "owner": "Owned by {{owner}}",
    "help": "See $t(common.docs) or <a href=\\"/help/${n}\\">the help page</a>.",
    "steps": ["Upload", "Review", "Publish"],
    "limits": { "maxFiles": ${n % 100}, "public": ${n % 2 === 0} }
  }`;
}

export const benchFormat = {
  name: 'json',
  format: jsonFormat,
  /** An i18next file of about `targetBytes` bytes: nesting, plurals, contexts, arrays, escapes, numbers. */
  generate(targetBytes: number): Uint8Array {
    return new TextEncoder().encode(
      fillTo(targetBytes, section, { head: '{\n', separator: ',\n', tail: '\n}\n' }),
    );
  },
  /** The naive way: decode, JSON.parse, JSON.stringify (rewrites the whole file), encode. */
  naive(bytes: Uint8Array): void {
    new TextEncoder().encode(JSON.stringify(JSON.parse(new TextDecoder().decode(bytes)), null, 2));
  },
};
