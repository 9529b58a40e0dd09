import { type Client, createMemoryFor, findMemory, type Memory } from '../api/index.ts';
import { parseLanguage } from '../config/index.ts';

/** A language code of the config (`fr`, `fr-CA`, `pt-BR`) as the platform's language and locale. */
export function splitLanguage(code: string): { lang: string; locale: string | undefined } {
  const tag = parseLanguage(code);
  // The config and the inputs were validated: a code that does not parse is a bug here.
  if (!tag) throw new TypeError(`[svc-connector] "${code}" is not a language code of the config`);
  return { lang: tag.language, locale: tag.region?.toUpperCase() };
}

/** The name a memory gets when the config gives none for a target: reused by name on every run. */
export function memoryName(repository: string, source: string, target: string): string {
  return `${repository} ${source} → ${target}`;
}

/**
 * The memory of every target language: the config's id when it names one (checked to exist and
 * to hold that pair), else the memory called memoryName(…) for the pair, created on first use.
 * One list call whatever the number of targets.
 */
export async function resolveMemories(
  client: Client,
  request: {
    repository: string;
    source: string;
    targets: readonly string[];
    configured: Readonly<Record<string, number>>;
  },
  options: { create?: boolean; signal?: AbortSignal } = {},
): Promise<Map<string, Memory | undefined>> {
  const call = options.signal ? { signal: options.signal } : {};
  const all = await client.memories.list(call);
  const src = splitLanguage(request.source);
  const out = new Map<string, Memory | undefined>();
  for (const target of request.targets) {
    const trg = splitLanguage(target);
    const pair = { srclang: src.lang, srclocale: src.locale, trglang: trg.lang, trglocale: trg.locale };
    const id = request.configured[target];
    if (id !== undefined) {
      const memory = all.find((m) => m.id === id);
      if (!memory)
        throw new Error(`.svc.yml: memories.${target}: memory ${id} does not exist for this API key`);
      if (memory.trglang.toLowerCase() !== trg.lang || memory.srclang.toLowerCase() !== src.lang)
        throw new Error(
          `.svc.yml: memories.${target}: memory ${id} translates ${memory.srclang} → ${memory.trglang}, not ${request.source} → ${target}`,
        );
      out.set(target, memory);
      continue;
    }
    const name = memoryName(request.repository, request.source, target);
    const existing = findMemory(all, pair, name);
    if (existing || options.create === false) {
      out.set(target, existing);
      continue;
    }
    const created = await createMemoryFor(client, pair, name, call);
    all.push(created);
    out.set(target, created);
  }
  return out;
}
