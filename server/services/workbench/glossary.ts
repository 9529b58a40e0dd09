import { termIssues, termSpans } from '../../../src/qa/terms.ts';
import type { TermEntry, UnitIssue } from '../../../src/qa/types.ts';
import type { Db } from '../../store/db.ts';
import { listTerms } from '../../store/memories/termbases.ts';
import type { MemoryRow } from '../../store/memories.ts';

/** Terms read per memory at most (as machine translation reads them). */
const MAX_TERMS = 50_000;

/** One concept of the project's termbase: a source term with its approved translations. */
export interface GlossaryTerm {
  /** Its number in the glossary (stable for one memory version). */
  id: number;
  source: string;
  /** Approved translations, in termbase order (one row each in the termbase). */
  targets: string[];
  notes: string[];
  /** The entry the QA `term` rule reads. */
  entry: TermEntry;
}

/** Where a segment's source uses a term. Offsets are UTF-16 code units of the text searched. */
export interface TermHit {
  start: number;
  end: number;
  /** The words as the source writes them (`Carts` for the term `cart`). */
  text: string;
  term: GlossaryTerm;
}

export interface Glossary {
  readonly size: number;
  /** The languages of its terms (the memory's pair). */
  readonly pair: { sourceLang: string; targetLang: string };
  /** The terms `text` uses, in text order, without overlaps (the longer term wins where two start together). */
  find(text: string): TermHit[];
}

/** Runs of letters and digits: what a text's words are looked up by. */
const WORD = /[\p{L}\p{N}]+/gu;

/** The keys a word of running text may be the first word of a term under (English singulars). */
function keysOf(word: string, english: boolean): string[] {
  const key = word.toLowerCase();
  if (!english) return [key];
  const keys = [key];
  if (key.endsWith('ies')) keys.push(`${key.slice(0, -3)}y`);
  if (key.endsWith('es')) keys.push(key.slice(0, -2));
  if (key.endsWith('s')) keys.push(key.slice(0, -1));
  return keys;
}

/**
 * A glossary over a memory's termbase rows (source and target language: the memory's pair). Rows
 * with the same source term (any case) are one concept with several approved translations. A text
 * is searched by its words (runs of letters and digits): each word's keys (itself, and in English
 * its singular forms) name the terms it may start, and only those terms' patterns run (termSpans, the matching the QA rule uses).
 */
export function buildGlossary(
  rows: readonly { source: string; target: string; notes: string | null }[],
  pair: { sourceLang: string; targetLang: string },
): Glossary {
  const bySource = new Map<string, GlossaryTerm>();
  const srcTag = pair.sourceLang.toLowerCase();
  const trgTag = pair.targetLang.toLowerCase();
  for (const row of rows) {
    const source = row.source.trim();
    const target = row.target.trim();
    if (source === '' || target === '') continue;
    const id = source.toLowerCase();
    let term = bySource.get(id);
    if (!term) {
      term = {
        id: bySource.size + 1,
        source,
        targets: [],
        notes: [],
        entry: { terms: new Map([[srcTag, [source]]]) },
      };
      bySource.set(id, term);
    }
    if (!term.targets.includes(target)) term.targets.push(target);
    if (row.notes?.trim() && !term.notes.includes(row.notes.trim())) term.notes.push(row.notes.trim());
    term.entry.terms.set(trgTag, term.targets);
  }
  // Terms by their first run of letters or digits (`e-mail` by `e`, `.NET` by `net`); the few
  // without one are tried on every text.
  const byFirstWord = new Map<string, GlossaryTerm[]>();
  const everywhere: GlossaryTerm[] = [];
  for (const term of bySource.values()) {
    const first = term.source.toLowerCase().match(/[\p{L}\p{N}]+/u)?.[0];
    if (first === undefined) everywhere.push(term);
    else byFirstWord.set(first, [...(byFirstWord.get(first) ?? []), term]);
  }
  const english = srcTag.split(/[-_]/)[0] === 'en';
  return {
    size: bySource.size,
    pair,
    find(text) {
      const candidates = new Set<GlossaryTerm>(everywhere);
      for (const word of text.match(WORD) ?? []) {
        for (const key of keysOf(word, english))
          for (const t of byFirstWord.get(key) ?? []) candidates.add(t);
      }
      const hits: TermHit[] = [];
      for (const term of candidates) {
        for (const span of termSpans(text, term.source, pair.sourceLang))
          hits.push({ ...span, text: text.slice(span.start, span.end), term });
      }
      hits.sort((a, b) => a.start - b.start || b.end - a.end);
      const kept: TermHit[] = [];
      for (const hit of hits)
        if (kept.length === 0 || hit.start >= kept[kept.length - 1]!.end) kept.push(hit);
      return kept;
    },
  };
}

/**
 * The QA `term` rule's findings for one translation (src/qa/terms.ts, the rule `svc-connector qa
 * --terms` runs): given the terms its source uses, those whose approved translation it lacks.
 */
export function missingTerms(
  glossary: Glossary,
  hits: readonly TermHit[],
  source: string,
  translation: string,
): UnitIssue[] {
  const { pair } = glossary;
  if (hits.length === 0 || translation === '') return [];
  const entries = [...new Set(hits.map((h) => h.term))].map((t) => t.entry);
  return termIssues(entries, source, translation, pair.sourceLang, pair.targetLang);
}

/** The glossary of a memory: its termbase, read once per memory version. */
export type GlossarySource = (memory: MemoryRow) => Promise<Glossary>;

const tagOf = (lang: string, locale: string | null) => (locale ? `${lang}-${locale}` : lang);

export function glossarySource(db: Db, maxMemories = 64): GlossarySource {
  const cache = new Map<number, { version: number; glossary: Promise<Glossary> }>();
  return (memory) => {
    const hit = cache.get(memory.id);
    if (hit && hit.version === memory.version) return hit.glossary;
    const glossary = listTerms(db, memory.id, MAX_TERMS).then((rows) =>
      buildGlossary(rows, {
        sourceLang: tagOf(memory.srclang, memory.srclocale),
        targetLang: tagOf(memory.trglang, memory.trglocale),
      }),
    );
    glossary.catch(() => {
      if (cache.get(memory.id)?.glossary === glossary) cache.delete(memory.id);
    });
    cache.delete(memory.id);
    cache.set(memory.id, { version: memory.version, glossary });
    if (cache.size > maxMemories) cache.delete(cache.keys().next().value!);
    return glossary;
  };
}
