import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ImportError,
  type ImportedSegment,
  type ImportedTerm,
  type ImportRequest,
  type ImportStats,
  importFile,
  type LanguagePair,
} from '../../../../server/engine/importers/index.ts';

export const FIXTURES = join(import.meta.dirname, '../../../fixtures/importers');

export const EN_US_DE_AT: LanguagePair = { srclang: 'en', srclocale: 'US', trglang: 'de', trglocale: 'AT' };

/** A fixture's bytes. */
export function fixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(join(FIXTURES, name)));
}

/** The file as `chunks()` streams it, in pieces of `size` bytes (small sizes cut characters in two). */
export function chunked(content: Uint8Array | string, size = 64 * 1024): () => AsyncIterable<Uint8Array> {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  return async function* () {
    for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
  };
}

type Options = Partial<Omit<ImportRequest, 'name' | 'chunks'>> & { chunkSize?: number };

/** Imports a file completely: its items, kind and final stats. */
export async function importAll(
  name: string,
  content: Uint8Array | string,
  options: Options = {},
): Promise<{ kind: 'tm' | 'termbase'; items: (ImportedSegment | ImportedTerm)[]; stats: ImportStats }> {
  const { chunkSize, ...rest } = options;
  const result = importFile({ name, chunks: chunked(content, chunkSize), pair: EN_US_DE_AT, ...rest });
  const items: (ImportedSegment | ImportedTerm)[] = [];
  for await (const item of result.kind === 'tm' ? result.segments : result.terms) items.push(item);
  return { kind: result.kind, items, stats: result.stats };
}

export async function importSegments(
  name: string,
  content: Uint8Array | string,
  options: Options = {},
): Promise<{ items: ImportedSegment[]; stats: ImportStats }> {
  const { kind, items, stats } = await importAll(name, content, options);
  if (kind !== 'tm') throw new Error(`${name} was read as a ${kind}`);
  return { items: items as ImportedSegment[], stats };
}

export async function importTerms(
  name: string,
  content: Uint8Array | string,
  options: Options = {},
): Promise<{ items: ImportedTerm[]; stats: ImportStats }> {
  const { kind, items, stats } = await importAll(name, content, options);
  if (kind !== 'termbase') throw new Error(`${name} was read as a ${kind}`);
  return { items: items as ImportedTerm[], stats };
}

/** The ImportError an import fails with (the test fails when it succeeds or throws something else). */
export async function importFailure(name: string, content: Uint8Array | string, options: Options = {}) {
  try {
    await importAll(name, content, options);
  } catch (error) {
    if (error instanceof ImportError) return error;
    throw error;
  }
  throw new Error(`importing ${name} succeeded`);
}
