/**
 * XLIFF 1.2 and 2.0 units read by libxml2's xmllint (Debian libxml2-utils) with XPath, following the
 * specs' rules (issue 34, build items 2 and 3): XLIFF 1.2 a unit per `<trans-unit>` (§2.2), XLIFF
 * 2.0 a unit per `<segment>` of a `<unit>` (§4.2.2.3), `translate` from the nearest element that
 * says; the text is the `<source>`, or the `<target>` where the file's target language is its
 * source language (Symfony's XliffFileLoader: `target ?? source`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type XliffVersion = '1.2' | '2.0';

function xpath(path: string, expression: string): string {
  const run = spawnSync('xmllint', ['--xpath', expression, path], { encoding: 'utf8' });
  // xmllint exits 10 on an empty node set and prints nothing; a string result is printed as is.
  if (run.status !== 0 && run.status !== 10) throw new Error(`xmllint --xpath failed: ${run.stderr}`);
  return run.stdout.replace(/\n$/, '');
}

export interface OracleUnit {
  id: string;
  /** The id prefixed with its file's (`original`, XLIFF 2 `id`): how a document addresses a unit whose id an earlier file used. */
  qualified: string;
  translatable: boolean;
  text: string;
  target: string | undefined;
}

const SEP = '\u241e';
const el = (name: string) => `*[local-name()='${name}']`;

/** The units of an XLIFF document as the spec defines them, read by xmllint's XPath. */
export function xliffOracleUnits(bytes: Uint8Array, version: XliffVersion): OracleUnit[] {
  const dir = mkdtempSync(join(tmpdir(), 'svc-xliff-oracle-'));
  const path = join(dir, 'file.xlf');
  writeFileSync(path, bytes);
  try {
    return readUnits(path, version);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Units per xmllint call: one process per unit re-parsed a large file once per unit. */
const BATCH = 100;
const RECORD = '\u241d';

function readUnits(path: string, version: XliffVersion): OracleUnit[] {
  const each = version === '1.2' ? `//${el('trans-unit')}` : `//${el('unit')}/${el('segment')}`;
  const count = Number(xpath(path, `count(${each})`));
  const units: OracleUnit[] = [];
  for (let first = 1; first <= count; first += BATCH) {
    const last = Math.min(count, first + BATCH - 1);
    const records: string[] = [];
    for (let i = first; i <= last; i++)
      records.push(
        fieldsOf(`(${each})[${i}]`, version)
          .map((f) => `string(${f})`)
          .join(`, '${SEP}', `),
      );
    const out = xpath(path, `concat(${records.join(`, '${RECORD}', `)})`);
    for (const record of out.split(RECORD)) units.push(unitOf(record));
  }
  return units;
}

/** The XPath of each field one unit's record carries, in unitOf's order. */
function fieldsOf(u: string, version: XliffVersion): string[] {
  const langs =
    version === '1.2'
      ? [
          `${u}/ancestor::${el('file')}[1]/@source-language`,
          `${u}/ancestor::${el('file')}[1]/@target-language`,
        ]
      : [`/${el('xliff')}/@srcLang`, `/${el('xliff')}/@trgLang`];
  return [
    version === '1.2' ? `${u}/@id` : `${u}/../@id`,
    version === '1.2' ? '1' : `count(${u}/../${el('segment')})`,
    `count(${u}/preceding-sibling::${el('segment')}) + 1`,
    `${u}/ancestor-or-self::*[@translate][1]/@translate`,
    `${u}/${el('source')}`,
    `count(${u}/${el('target')})`,
    `${u}/${el('target')}`,
    ...langs,
    version === '1.2' ? `${u}/ancestor::${el('file')}[1]/@original` : `${u}/ancestor::${el('file')}[1]/@id`,
  ];
}

function unitOf(record: string): OracleUnit {
  const [id, segments, index, translate, source, targets, target, srcLang, trgLang, fileKey] = record.split(
    SEP,
  ) as string[];
  const norm = (tag: string) => tag.replace(/_/g, '-').toLowerCase();
  const hasTarget = targets !== '0';
  const keysAsSource =
    hasTarget && !!srcLang && !!trgLang && norm(srcLang) === norm(trgLang!) && target !== '';
  const unitId = segments === '1' ? id! : `${id}#${index}`;
  return {
    id: unitId,
    qualified: `${fileKey}#${unitId}`,
    translatable: translate !== 'no',
    text: keysAsSource ? target! : source!,
    target: hasTarget ? target : undefined,
  };
}

/** A unit's text as XPath's string() gives it: inline codes out, their native code in (1.2 <ph>…</ph>). */
export function plain(text: string): string {
  return text
    .replace(/<\/?(?:g|x|bx|ex|bpt|ept|ph|it|mrk|sub|pc|sc|ec|sm|em)\b(?:[^>"']|"[^"]*"|'[^']*')*>/g, '')
    .replace(/<cp\s+hex="([0-9A-Fa-f]+)"\s*\/>/g, (_, hex: string) =>
      String.fromCodePoint(Number.parseInt(hex, 16)),
    );
}
