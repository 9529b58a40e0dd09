/** Helpers of the Android resource tests: fixtures, and inline resources rendered to text. */
import { readFileSync } from 'node:fs';
import { androidFormat } from '../../src/formats/android/index.ts';
import type { PluralForms } from '../../src/formats/model.ts';

export const dir = 'test/fixtures/android';
export const enc = (s: string) => new TextEncoder().encode(s);
export const dec = (b: Uint8Array) => new TextDecoder().decode(b);
export const read = (name: string) => new Uint8Array(readFileSync(`${dir}/${name}`));
export const res = (body: string) => `<resources>\n${body}\n</resources>\n`;
export const render = (xml: string, entries: [string, string | PluralForms][], targetLang = 'de') =>
  dec(androidFormat.render(enc(xml), new Map(entries), { targetLang }));
