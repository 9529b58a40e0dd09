/** Benchmark input for Xcode string catalogs; baseline JSON.parse + JSON.stringify. */
import { xcstringsFormat } from '../../src/formats/xcstrings/index.ts';
import { fillTo } from '../support/generate.ts';

const unit = (indent: string, value: string, state = 'translated') =>
  `{\n${indent}  "stringUnit" : {\n${indent}    "state" : "${state}",\n${indent}    "value" : "${value}"\n${indent}  }\n${indent}}`;

function strings(n: number): string {
  const i = '    ';
  return `${i}"Open document %lld ${n}" : {
${i}  "comment" : "Menu item ${n}",
${i}  "localizations" : {
${i}    "de" : ${unit(`${i}    `, `Dokument %lld öffnen (${n})`)},
${i}    "en" : ${unit(`${i}    `, `Open document %lld (${n})`, 'new')}
${i}  }
${i}},
${i}"Photos in album ${n}" : {
${i}  "localizations" : {
${i}    "en" : {
${i}      "variations" : {
${i}        "plural" : {
${i}          "one" : ${unit(`${i}          `, `%lld photo in album ${n}`, 'new')},
${i}          "other" : ${unit(`${i}          `, `%lld photos in album ${n}`, 'new')}
${i}        }
${i}      }
${i}    }
${i}  }
${i}},
${i}"Tap to edit ${n}" : {
${i}  "localizations" : {
${i}    "en" : {
${i}      "variations" : {
${i}        "device" : {
${i}          "mac" : ${unit(`${i}          `, `Click to edit item ${n}`, 'new')},
${i}          "other" : ${unit(`${i}          `, `Tap to edit item ${n}`, 'new')}
${i}        }
${i}      }
${i}    }
${i}  }
${i}},
${i}"Welcome back ${n}" : {

${i}}`;
}

export const benchFormat = {
  name: 'xcstrings',
  format: xcstringsFormat,
  /** A catalog of about `targetBytes` bytes: comments, German translations, plural and device variations. */
  generate(targetBytes: number): Uint8Array {
    const head = '{\n  "sourceLanguage" : "en",\n  "strings" : {\n';
    const tail = '\n  },\n  "version" : "1.0"\n}\n';
    return new TextEncoder().encode(fillTo(targetBytes, strings, { head, separator: ',\n', tail }));
  },
  /** The naive way: decode, JSON.parse, JSON.stringify (rewrites the whole file), encode. */
  naive(bytes: Uint8Array): void {
    new TextEncoder().encode(JSON.stringify(JSON.parse(new TextDecoder().decode(bytes)), null, 2));
  },
};
