import type { Logger } from 'pino';
import type { MtProvider } from '../engine/mt/index.ts';
import type { TermCache } from '../services/term-cache.ts';
import type { TmCache } from '../services/tm-cache.ts';
import type { Db } from '../store/db.ts';
import { COMPACT_WORK } from '../store/memories/postings.ts';
import { DELIVERY_WORK } from '../webhooks/index.ts';
import { autoDeliverHandler } from './handlers/auto-deliver.ts';
import { documentImportHandler } from './handlers/document-import.ts';
import { fileDetectLanguageHandler } from './handlers/file-detect-language.ts';
import { instantTranslateHandler } from './handlers/instant-translate.ts';
import { jobExportHandler } from './handlers/job-export.ts';
import { memoryImportHandler } from './handlers/memory-import.ts';
import { pretranslateHandler } from './handlers/pretranslate.ts';
import { termbaseExportHandler } from './handlers/termbase-export.ts';
import { tmCompactHandler } from './handlers/tm-compact.ts';
import type { WorkHandler } from './worker.ts';

export interface WorkHandlerDeps {
  db: Db;
  now: () => number;
  log: Logger;
  tm: TmCache;
  terms: TermCache;
  mt: MtProvider;
  maxUploadBytes: number;
  /** SVC_AUTO_DELIVER_MS: new jobs are delivered after this delay (demos and tests). */
  autoDeliverMs?: number;
  /** Sends one webhook delivery attempt (built with the webhook settings). */
  webhookDelivery: WorkHandler;
}

/** The handler of every kind of background work, by the kind a work item names. */
export function workHandlers(deps: WorkHandlerDeps): Record<string, WorkHandler> {
  const { db, now, log, tm, terms, mt, autoDeliverMs } = deps;
  return {
    'memory-import': memoryImportHandler({ db, now, log, tm, maxBytes: deps.maxUploadBytes }),
    'termbase-export': termbaseExportHandler({ db, now }),
    [DELIVERY_WORK]: deps.webhookDelivery,
    'file-detect-language': fileDetectLanguageHandler({ db, now }),
    'document-import': documentImportHandler({ db, now, tm, log, autoDeliverMs }),
    'job-export': jobExportHandler({ db, now, log }),
    pretranslate: pretranslateHandler({ db, now, tm, mt, log }),
    'auto-deliver': autoDeliverHandler({ db, now, tm, mt }),
    'instant-translate': instantTranslateHandler({ db, now, tm, terms, mt, log }),
    [COMPACT_WORK]: tmCompactHandler({ db, now }),
  };
}
