/**
 * Teaching a language's memory the translations people wrote in the repository (DESIGN §7): one
 * TMX import per memory for the whole run, each pair marked with its repository path and key, so
 * TM lookups (and the platform's instant translations) serve people's words first. Imports skip
 * the pairs the memory holds already (skip_duplicates: same source, target and key), so a run
 * repeated after a failure adds nothing twice (DESIGN §11).
 */
import { type Client, type Memory, poll } from '../api/index.ts';
import { CHECK_PROP, xKey } from '../contracts/tmx-key.ts';
import type { PluralCategory } from '../formats/model.ts';
import type { UnitText } from '../formats/target.ts';

export interface TaughtPair {
  /** Target file path in the repository. */
  path: string;
  /** Unit id (the key). */
  id: string;
  source: UnitText;
  target: UnitText;
  /** Kept after a small source edit, for a person to check: the memory's pair says so (CHECK_PROP). */
  check?: true;
}

const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A character XML 1.0 cannot carry, not even as a character reference (§2.2 Char, WFC: Legal
 * Character): C0 controls but tab, line feed and carriage return; U+FFFE, U+FFFF; lone surrogates.
 * TMX 1.4b is XML 1.0 and has no escape of its own for them.
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

const codePoint = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * The first character of a pair (its texts, key or path) that a TMX document cannot carry, as
 * `U+0008`; undefined when TMX can carry the whole pair.
 */
export function untaughtCharacter(pair: TaughtPair): string | undefined {
  for (const text of [pair.path, pair.id, ...segmentsOf(pair).flat()]) {
    const bad = NOT_XML_CHAR.exec(text);
    if (bad) return codePoint(bad[0]);
  }
  return undefined;
}

/** TMX creationdate: YYYYMMDDThhmmssZ. */
const tmxDate = (at: Date) => `${at.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/** Plain (source, target) segment pairs of a unit: plural forms pair category by category. */
function segmentsOf(pair: TaughtPair): [string, string][] {
  if (typeof pair.target === 'string')
    return typeof pair.source === 'string'
      ? [[pair.source, pair.target]]
      : [[pair.source.other, pair.target]];
  const out: [string, string][] = [];
  for (const [category, text] of Object.entries(pair.target) as [PluralCategory, string][]) {
    const from = typeof pair.source === 'string' ? pair.source : (pair.source[category] ?? pair.source.other);
    out.push([from, text]);
  }
  return out;
}

/**
 * A TMX 1.4 document of the pairs: each `<tu>` carries the key as `x-key` (see xKey) and the repository path
 * as `x-path` (the memory keeps both as notes; the platform prefills a job's segment whose key and
 * source match), dated `at` (newer than what the memory held, so a person's edit wins).
 */
export function tmxOfPairs(
  pairs: readonly TaughtPair[],
  languages: { source: string; target: string },
  at: Date,
): string {
  const date = tmxDate(at);
  const tus: string[] = [];
  for (const pair of pairs) {
    const bad = untaughtCharacter(pair);
    if (bad)
      throw new TypeError(`[teach] ${pair.path}: ${pair.id}: ${bad} cannot be written in TMX (XML 1.0)`);
    for (const [source, target] of segmentsOf(pair)) {
      if (source.trim() === '' || target.trim() === '') continue;
      tus.push(
        `<tu creationdate="${date}"><prop type="x-key">${xml(xKey(pair.id))}</prop><prop type="x-path">${xml(pair.path)}</prop>` +
          (pair.check ? `<prop type="x-check">${CHECK_PROP}</prop>` : '') +
          `<tuv xml:lang="${xml(languages.source)}"><seg>${xml(source)}</seg></tuv>` +
          `<tuv xml:lang="${xml(languages.target)}"><seg>${xml(target)}</seg></tuv></tu>`,
      );
    }
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<tmx version="1.4">',
    `<header creationtool="svc-connector" creationtoolversion="1" segtype="block" o-tmf="svc-connector" adminlang="en" srclang="${xml(languages.source)}" datatype="plaintext"/>`,
    '<body>',
    ...tus,
    '</body>',
    '</tmx>',
    '',
  ].join('\n');
}

export interface TeachOptions {
  /** `owner/name@ref`, for the import's name (the memory lists it among its resources). */
  origin: string;
  at: Date;
  /** Wait until the imports are done (needed when translations that should use them follow). */
  wait?: boolean;
  /** Told, when waiting, what each language's import added and skipped (held already). */
  onImported?: (lang: string, report: { added: number; skipped: number }) => void;
  /**
   * Told of each pair left out of the import because TMX cannot carry one of its characters
   * (untaughtCharacter): the memory does not learn it, the repository file keeps it as it is, and
   * the rest of the run goes on.
   */
  onUntaught: (lang: string, pair: TaughtPair, character: string) => void;
  signal?: AbortSignal;
}

/**
 * Imports each language's pairs into its memory: one import per memory, nothing when a language
 * has none (or none TMX can carry: see onUntaught). Resolves with the number of pairs sent per
 * language.
 */
export async function teachMemories(
  client: Client,
  pairs: ReadonlyMap<string, readonly TaughtPair[]>,
  memories: ReadonlyMap<string, Memory | undefined>,
  options: TeachOptions,
): Promise<Map<string, number>> {
  const call = options.signal ? { signal: options.signal } : {};
  const sent = new Map<string, number>();
  await Promise.all(
    [...pairs].map(async ([lang, all]) => {
      const memory = memories.get(lang);
      if (!memory) return;
      const list = all.filter((pair) => {
        const bad = untaughtCharacter(pair);
        if (bad) options.onUntaught(lang, pair, bad);
        return bad === undefined;
      });
      if (list.length === 0) return;
      const name = `repository ${options.origin} ${options.at.toISOString()}.tmx`;
      const srclang = memory.srclocale ? `${memory.srclang}-${memory.srclocale}` : memory.srclang;
      const trglang = memory.trglocale ? `${memory.trglang}-${memory.trglocale}` : memory.trglang;
      const tmx = tmxOfPairs(list, { source: srclang, target: trglang }, options.at);
      await client.memories.import({ memoryId: memory.id, name, content: tmx, skipDuplicates: true }, call);
      sent.set(lang, list.length);
      if (!options.wait) return;
      const done = await poll(() => client.memories.imports(memory.id, call), {
        until: (imports) =>
          imports.some((i) => i.name === name && (i.status === 'succeeded' || i.status === 'failed')),
        intervalMs: 200,
        maxIntervalMs: 2000,
        timeoutMs: 10 * 60_000,
        label: `memory ${memory.id} import`,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      const failed = done.find((i) => i.name === name && i.status === 'failed');
      if (failed)
        throw new Error(
          `memory ${memory.id}: importing the repository's translations failed: ${failed.error}`,
        );
      const finished = done.find((i) => i.name === name)!;
      options.onImported?.(lang, { added: finished.added, skipped: finished.skipped });
    }),
  );
  return sent;
}
