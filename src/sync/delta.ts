/**
 * Instant translation of only what changed: per source file, the units a language needs go out as
 * an XLIFF 1.2 delta (extractXliff with `only`), one upload per distinct set of units, and each
 * language's deltas are translated in as few calls per memory as the character window allows.
 * Nothing else is sent, so MT is charged for new and changed units alone; a delta a failed run
 * already uploaded and translated is read back instead (resume.ts).
 */
import {
  type Client,
  type FileRecord,
  type FileTranslationStatus,
  type Memory,
  translateFiles,
  unitCharacters,
  uploadFile,
  waitForTranslations,
} from '../api/index.ts';
import { mapConcurrent } from '../concurrency/map-concurrent.ts';
import { type Origin, originLabels } from '../contracts/labels.ts';
import { FormatError } from '../formats/errors.ts';
import { extractXliff, readXliffTargets, xliffCannotCarry } from '../formats/exchange.ts';
import type { Unit } from '../formats/model.ts';
import type { UnitText } from '../formats/target.ts';
import { withContext } from '../translations/unit-context.ts';
import { DELTA_LABEL, deltaKey, type EarlierDelta } from './resume.ts';
import type { ParsedSource, TargetWork } from './targets.ts';

export { DELTA_LABEL };

/** One uploaded delta: a source's units that one or more languages need. */
interface Delta {
  source: ParsedSource;
  ids: ReadonlySet<string>;
  langs: string[];
  characters: number;
  record?: FileRecord;
  /** The same delta as a failed run uploaded it, with its translations. */
  earlier?: EarlierDelta | undefined;
}

export interface DeltaOutcome {
  /** Translations by work (target file), for the units it asked for. */
  translations: Map<TargetWork, Map<string, UnitText>>;
  failures: { sourcePath: string; target: string; message: string }[];
  /** The deltas uploaded and the translations started (a failed run's, reused, included). */
  uploads: FileRecord[];
  statuses: FileTranslationStatus[];
  /** Translations a failed run had started, read back instead of sent again. */
  reused: number;
  /** Units sent for translation, summed over languages. */
  unitsSent: number;
}

/** The plural categories a language uses: a delta holding plurals is written for them. */
const categoriesOf = (lang: string) =>
  new Intl.PluralRules(lang).resolvedOptions().pluralCategories.join(',');

/**
 * Groups the works that need translating into deltas: same source, same units, same plural shape.
 * A unit XLIFF cannot carry (xliffCannotCarry) stays out, and `unsent` is told of it.
 */
function deltasOf(
  works: readonly TargetWork[],
  unsent: (work: TargetWork, id: string, character: string) => void,
): Delta[] {
  const byKey = new Map<string, Delta>();
  for (const work of works) {
    if (work.plan.translate.size === 0) continue;
    const unitsById = new Map(work.source.units.map((u) => [u.id, u]));
    const ids = [...work.plan.translate.keys()]
      .filter((id) => {
        const unit = unitsById.get(id);
        const bad = unit && xliffCannotCarry(unit);
        if (bad) unsent(work, id, bad);
        return !bad;
      })
      .sort();
    if (ids.length === 0) continue;
    const plural = work.source.units.some((u) => u.sourcePlural && work.plan.translate.has(u.id));
    const key = `${work.source.file.path}\u0000${plural ? categoriesOf(work.lang) : ''}\u0000${ids.join('\u0000')}`;
    const delta = byKey.get(key);
    if (delta) {
      delta.langs.push(work.lang);
      continue;
    }
    const chosen = new Set(ids);
    const characters = work.source.units
      .filter((u) => chosen.has(u.id))
      .reduce((n, u) => n + unitCharacters(u), 0);
    byKey.set(key, { source: work.source, ids: chosen, langs: [work.lang], characters });
  }
  return [...byKey.values()];
}

/**
 * Uploads the deltas, starts their translations (one call per memory, batched), waits for them
 * (reporting progress) and reads each translated delta back by unit id.
 */
export async function translateDeltas(
  client: Client,
  works: readonly TargetWork[],
  o: {
    origin: Origin;
    sourceLang: string;
    memories: ReadonlyMap<string, Memory | undefined>;
    /** Deltas failed runs left, by deltaKey (earlierDeltas). */
    earlier?: ReadonlyMap<string, EarlierDelta> | undefined;
    timeoutMs: number;
    signal?: AbortSignal | undefined;
    progress?: (ready: number, total: number) => void;
    /** Told of each unit left untranslated because XLIFF cannot carry its text. */
    warn: (message: string, where: { file: string }) => void;
  },
): Promise<DeltaOutcome> {
  const call = o.signal ? { signal: o.signal } : {};
  const deltas = deltasOf(works, (work, id, character) =>
    o.warn(
      `${work.source.file.path}: ${id}: not sent for translation to ${work.lang}: its source text holds ${character}, which XLIFF 1.2 (XML 1.0) cannot carry; it stays untranslated in ${work.path}`,
      { file: work.source.file.path },
    ),
  );
  const outcome: DeltaOutcome = {
    translations: new Map(),
    failures: [],
    uploads: [],
    statuses: [],
    reused: 0,
    unitsSent: 0,
  };
  if (deltas.length === 0) return outcome;
  const labels = [...originLabels(o.origin), DELTA_LABEL];
  await mapConcurrent(deltas, 8, async (delta) => {
    const rules = delta.source.rules ?? [];
    const content = extractXliff(delta.source.format, delta.source.file.bytes, {
      ...(rules.length > 0 ? { withContext: (units: Unit[]) => withContext(units, rules) } : {}),
      fileName: delta.source.file.path,
      sourceLang: o.sourceLang,
      targetLang: delta.langs[0]!,
      only: delta.ids,
    });
    const name = `${delta.source.file.path}.xlf`;
    delta.earlier = o.earlier?.get(deltaKey(name, content));
    delta.record = delta.earlier?.record ?? (await uploadFile(client, { name, content, labels }, call));
  });
  outcome.uploads = deltas.map((d) => d.record!);

  // Each language's deltas in one batched call per memory.
  const started: { delta: Delta; lang: string; status: FileTranslationStatus }[] = [];
  const langs = [...new Set(deltas.flatMap((d) => d.langs))];
  await Promise.all(
    langs.map(async (lang) => {
      const memory = o.memories.get(lang);
      if (!memory) throw new Error(`no memory for target ${lang}`);
      const mine = deltas.filter((d) => d.langs.includes(lang));
      const send: Delta[] = [];
      for (const delta of mine) {
        const status = delta.earlier?.translations.get(memory.id);
        if (status) {
          started.push({ delta, lang, status });
          outcome.reused++;
        } else send.push(delta);
      }
      const statuses = await translateFiles(
        client,
        send.map((d) => ({ id: d.record!.id, characters: d.characters })),
        memory.id,
        call,
      );
      const byFile = new Map(send.map((d) => [String(d.record!.id), d]));
      for (const status of statuses) started.push({ delta: byFile.get(status.fileId)!, lang, status });
      outcome.unitsSent += send.reduce((n, d) => n + d.ids.size, 0);
    }),
  );
  outcome.statuses = started.map((s) => s.status);

  const final = await waitForTranslations(
    client,
    started.map((s) => s.status.id),
    {
      timeoutMs: o.timeoutMs,
      // Translations take a moment: a first look at once would only find them in progress.
      firstDelayMs: 500,
      intervalMs: 500,
      ...(o.signal ? { signal: o.signal } : {}),
      ...(o.progress ? { onProgress: o.progress } : {}),
    },
  );
  const statusById = new Map(final.map((s) => [s.id, s]));
  const workOf = new Map(works.map((w) => [`${w.source.file.path}\u0000${w.lang}`, w]));
  await mapConcurrent(started, 8, async ({ delta, lang, status: first }) => {
    const status = statusById.get(first.id) ?? first;
    const work = workOf.get(`${delta.source.file.path}\u0000${lang}`)!;
    if (status.status !== 'ReadyForDownload') {
      outcome.failures.push({
        sourcePath: delta.source.file.path,
        target: lang,
        message: status.errorMsg ?? `translation ${status.id} ${status.status}`,
      });
      return;
    }
    const bytes = await client.instant.download(status.id, { as: 'bytes', ...call });
    try {
      const read = readXliffTargets(delta.source.units, bytes, {
        fileName: delta.source.file.path,
        xliffName: `translation ${status.id} of ${delta.source.file.path}`,
      });
      const only = new Map([...read].filter(([id]) => delta.ids.has(id)));
      outcome.translations.set(work, only);
    } catch (error) {
      if (!(error instanceof FormatError)) throw error;
      outcome.failures.push({ sourcePath: delta.source.file.path, target: lang, message: error.format() });
    }
  });
  return outcome;
}
