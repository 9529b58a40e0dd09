import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Logger } from 'pino';
import { FormatError } from '../../../src/formats/errors.ts';
import { type PluralForms, placeholdersOf, type Unit } from '../../../src/formats/model.ts';
import { detectFormat, supportedExtensions } from '../../../src/formats/registry.ts';
import { newTarget } from '../../../src/formats/target.ts';
import { MtError, type MtProvider } from '../../engine/mt/index.ts';
import { machineTranslateUnits } from '../../services/mt-units.ts';
import type { TermCache } from '../../services/term-cache.ts';
import type { TmCache } from '../../services/tm-cache.ts';
import { contextRow, mtContextOf, segmentContexts } from '../../services/unit-context.ts';
import { readBlobBytes, writeBlobBytes } from '../../store/blobs.ts';
import type { Db } from '../../store/db.ts';
import {
  findInstantTranslationWithFile,
  finishInstantTranslation,
  updateInstantTranslation,
} from '../../store/instant-translations.ts';
import { findMemory } from '../../store/jobs/memory-lookups.ts';
import { emitEvent } from '../../webhooks/emit.ts';
import type { WorkHandler } from '../worker.ts';

/** TM matches at or above this score are used as they are (placeholders fixed up); the rest goes to MT. */
const TM_THRESHOLD = 95;
/** TM lookups made before the event loop gets a turn. */
const TM_SLICE = 256;

class Failure extends Error {}

/**
 * Translates one uploaded file into a memory's target language: TM first (withTM), MT for the rest,
 * rendered byte-faithfully in the file's own format. Status moves InProgress → Completed →
 * ReadyForDownload with INSTANT_TRANSLATE_COMPLETED, or → Failed with errorMsg and
 * INSTANT_TRANSLATE_FAILED. A provider outage is retried; after the last attempt it fails.
 */
export function instantTranslateHandler(deps: {
  db: Db;
  now: () => number;
  tm: TmCache;
  terms: TermCache;
  mt: MtProvider;
  log: Logger;
}): WorkHandler {
  const { db, now, tm, mt, terms: termsOf } = deps;

  async function finish(
    id: number,
    organizationId: number,
    fileId: number,
    outcome: { blobId: number } | { error: string },
  ) {
    const t = now();
    await db.transaction().execute(async (tx) => {
      const set =
        'blobId' in outcome
          ? {
              status: 'ReadyForDownload' as const,
              result_blob_id: outcome.blobId,
              error_msg: null,
              updated_at: t,
            }
          : { status: 'Failed' as const, error_msg: outcome.error.slice(0, 1000), updated_at: t };
      if (!(await finishInstantTranslation(tx, id, set))) return;
      await emitEvent(tx, t, {
        organizationId,
        type: 'blobId' in outcome ? 'INSTANT_TRANSLATE_COMPLETED' : 'INSTANT_TRANSLATE_FAILED',
        payload: { translationId: id, fileId: String(fileId) },
      });
    });
  }

  return async (payload, ctx) => {
    const { translationId } = payload as { translationId: number };
    // The translation with its file (when the file still exists), in one query.
    const found = await findInstantTranslationWithFile(db, translationId);
    if (!found || (found.status !== 'InProgress' && found.status !== 'Completed')) return;
    const { file_name, file_blob_id, ...row } = found;
    try {
      if (file_name === null || file_blob_id === null)
        throw new Failure(`File_not_found: file ${row.file_id} was deleted`);
      const file = { name: file_name, blob_id: file_blob_id };
      const memory = await findMemory(db, row.memory_id);
      if (!memory) throw new Failure(`Memory_not_found: memory ${row.memory_id} was deleted`);
      const original = await readBlobBytes(db, file.blob_id);
      const format = detectFormat(file.name, original);
      if (!format)
        throw new Failure(
          `Unsupported_file_type: ${file.name} is none of ${supportedExtensions().join(', ')}`,
        );
      let units: Unit[];
      try {
        units = format.parse(original, { fileName: file.name });
      } catch (err) {
        if (err instanceof FormatError) throw new Failure(`Invalid_file: ${err.format()}`);
        throw err;
      }
      const candidates = units.filter(
        (u) => u.translatable && u.source.trim() !== '' && !u.target && !u.targetPlural,
      );
      // The repository's context of the file's units (by the name it was uploaded under) over the
      // file's own: do_not_translate units stay out, the rest go to MT with what they are.
      const contexts = await segmentContexts(db, row.organization_id, file.name, candidates.map(contextRow));
      const todo = candidates.filter((u) => !contexts.get(u.id)?.doNotTranslate);
      if (todo.length === 0)
        throw new Failure(`No_translatable_content: ${file.name} holds no text to translate`);

      const trgTag = memory.trglocale ? `${memory.trglang}-${memory.trglocale}` : memory.trglang;
      const translations = new Map<string, string | PluralForms>();
      const index = row.with_tm ? await tm.get(memory.id, memory.version) : undefined;
      const forMt = [];
      for (const [n, unit] of todo.entries()) {
        // Fuzzy lookups add up on a large file: let the API's requests in between.
        if (n > 0 && n % TM_SLICE === 0) await nextTurn();
        const best = unit.sourcePlural
          ? undefined
          : (await index?.query(unit.source, { n: 1, minScore: TM_THRESHOLD }))?.[0];
        if (best) translations.set(unit.id, best.fixedTarget ?? best.target);
        else
          forMt.push({
            id: unit.id,
            source: unit.source,
            sourcePlural: unit.sourcePlural,
            placeholders: placeholdersOf(format, unit),
            context: mtContextOf(contexts.get(unit.id)),
          });
      }
      if (forMt.length > 0) {
        const terms = await termsOf(memory);
        const translated = await machineTranslateUnits(mt, forMt, memory, { terms, signal: ctx.signal });
        for (const [id, text] of translated) translations.set(String(id), text);
      }
      await updateInstantTranslation(db, row.id, { status: 'Completed', updated_at: now() });
      const rendered = newTarget(format, original, translations, {
        targetLang: trgTag,
        sourceLang: memory.srclang,
        fileName: file.name,
      });
      const blob = await writeBlobBytes(db, row.organization_id, rendered, now());
      await finish(row.id, row.organization_id, row.file_id, { blobId: blob.id });
    } catch (err) {
      if (err instanceof Failure)
        return finish(row.id, row.organization_id, row.file_id, { error: err.message });
      if (err instanceof FormatError)
        return finish(row.id, row.organization_id, row.file_id, { error: `Render_failed: ${err.format()}` });
      if (err instanceof MtError && ctx.item.attempts >= ctx.item.max_attempts) {
        return finish(row.id, row.organization_id, row.file_id, {
          error: `Machine_translation_failed: ${err.message}`,
        });
      }
      throw err;
    }
  };
}
