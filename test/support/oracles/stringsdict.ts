/**
 * `.stringsdict` read by Python's `plistlib` (Debian python3) as the oracle, with Apple's documented
 * rule for what Foundation builds from it (issue 34, build items 2 and 3): each top-level key with an
 * `NSStringLocalizedFormatKey` is a localized string; each `%#@name@` variable dict of
 * `NSStringFormatSpecTypeKey` = `NSStringPluralRuleType` gives its `zero`…`other` forms.
 * test/formats/stringsdict-oracle.test.ts says what is checked with it.
 */
import { spawnSync } from 'node:child_process';
import type { PluralCategory, PluralForms } from '../../../src/formats/model.ts';
import { stringsdictFormat } from '../../../src/formats/stringsdict/index.ts';

const CATEGORIES: readonly PluralCategory[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** A value as plistlib gives it back (dicts keep their key order). */
export type Plist = string | number | boolean | null | Plist[] | { [key: string]: Plist };

/** plistlib.loads of `bytes`, as JSON (dicts as objects: their keys are unique in a plist). */
export function plistlib(bytes: Uint8Array): Record<string, Plist> {
  const script = 'import json, plistlib, sys; print(json.dumps(plistlib.loads(sys.stdin.buffer.read())))';
  const run = spawnSync('python3', ['-c', script], { input: bytes, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`plistlib refused the file: ${run.stderr}`);
  return JSON.parse(run.stdout) as Record<string, Plist>;
}

const VARIABLE = /%(?:\d+\$)?#@([^@]*)@/g;

/** What Foundation builds from a stringsdict, as units: plural rules and format keys with words. */
export function oracleUnits(plist: Record<string, Plist>): Map<string, string | Partial<PluralForms>> {
  const units = new Map<string, string | Partial<PluralForms>>();
  for (const [key, entry] of Object.entries(plist)) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) continue;
    const format = entry.NSStringLocalizedFormatKey;
    if (typeof format !== 'string') continue;
    if (/\p{L}/u.test(format.replace(VARIABLE, ''))) units.set(key, format);
    for (const [name, rule] of Object.entries(entry)) {
      if (typeof rule !== 'object' || rule === null || Array.isArray(rule)) continue;
      if (rule.NSStringFormatSpecTypeKey !== 'NSStringPluralRuleType') continue;
      const forms: Partial<PluralForms> = {};
      for (const c of CATEGORIES) if (typeof rule[c] === 'string') forms[c] = rule[c] as string;
      if (Object.keys(forms).length > 0) units.set(`${key}|${name}`, forms);
    }
  }
  return units;
}

/** Our units, plural forms as the file has them (a rule without `other`: its stand-in taken out). */
export function ourUnits(bytes: Uint8Array): Map<string, string | Partial<PluralForms>> {
  const out = new Map<string, string | Partial<PluralForms>>();
  const plist = plistlib(bytes);
  for (const unit of stringsdictFormat.parse(bytes)) {
    if (!unit.sourcePlural) {
      out.set(unit.id, unit.source);
      continue;
    }
    const forms: Partial<PluralForms> = { ...unit.sourcePlural };
    const [key, name] = unit.id.split('|') as [string, string];
    const rule = (plist[key] as Record<string, Record<string, Plist>>)[name]!;
    if (rule.other === undefined) delete forms.other;
    out.set(unit.id, forms);
  }
  return out;
}
