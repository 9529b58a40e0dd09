import type { CallExtras } from '../client/common.ts';
import type { Client } from '../client.ts';
import type { Memory } from '../schemas/memories.ts';

export interface LanguagePairSpec {
  srclang: string;
  srclocale?: string | null;
  trglang: string;
  trglocale?: string | null;
}

/** Compares codes as the platform stores them: languages lowercase, regions uppercase, none as null. */
const lang = (code: string) => code.toLowerCase();
const region = (code: string | null | undefined) => (code ? code.toUpperCase() : null);

/** Whether a memory holds exactly this language pair (a locale given must match; none means none). */
export function memoryMatches(memory: Memory, pair: LanguagePairSpec): boolean {
  return (
    lang(memory.srclang) === lang(pair.srclang) &&
    lang(memory.trglang) === lang(pair.trglang) &&
    region(memory.srclocale) === region(pair.srclocale) &&
    region(memory.trglocale) === region(pair.trglocale)
  );
}

/** The memory called `name` for this pair among `memories`: the oldest, should there be several. */
export function findMemory(
  memories: readonly Memory[],
  pair: LanguagePairSpec,
  name: string,
): Memory | undefined {
  return memories.filter((m) => m.name === name && memoryMatches(m, pair)).sort((a, b) => a.id - b.id)[0];
}

/**
 * Creates the memory called `name` for this pair (POST /v2/memories), then looks again: when
 * another process created one at the same time, both settle on the oldest and the other copy is
 * deleted, so concurrent first runs do not split a repository's translations over two memories.
 */
export async function createMemoryFor(
  client: Client,
  pair: LanguagePairSpec,
  name: string,
  o: CallExtras = {},
): Promise<Memory> {
  const created = await client.memories.create(
    {
      name,
      srclang: pair.srclang,
      trglang: pair.trglang,
      ...(pair.srclocale ? { srclocale: pair.srclocale } : {}),
      ...(pair.trglocale ? { trglocale: pair.trglocale } : {}),
    },
    o,
  );
  const oldest = findMemory(await client.memories.list(o), pair, name);
  if (!oldest || oldest.id === created.id) return created;
  // Ours is new and nothing uses it yet; if deleting it fails, it is only an unused memory.
  await client.memories.delete(created.id, o).catch(() => {});
  return oldest;
}

/**
 * The memory called `name` for this language pair: reused when one exists (the oldest, should
 * there be several), else created (processes racing to create it settle on one).
 */
export async function findOrCreateMemory(
  client: Client,
  pair: LanguagePairSpec,
  name: string,
  o: CallExtras = {},
): Promise<Memory> {
  return findMemory(await client.memories.list(o), pair, name) ?? createMemoryFor(client, pair, name, o);
}
