export { countCharacters, unitCharacters } from './characters.ts';
export { downloadJobZip } from './download-job-zip.ts';
export {
  ExportFailedError,
  FileOverBudgetError,
  JobCreationFailedError,
  TranslateFilesError,
  TranslationsNotFoundError,
  UploadIntegrityError,
} from './errors.ts';
export {
  createMemoryFor,
  findMemory,
  findOrCreateMemory,
  type LanguagePairSpec,
  memoryMatches,
} from './find-or-create-memory.ts';
export {
  type BatchLimits,
  type FileCharacters,
  planBatches,
  type TranslateFilesOptions,
  translateFiles,
} from './translate-files.ts';
export { md5Hex, type UploadFileRequest, uploadFile } from './upload-file.ts';
export {
  type WaitOptions,
  waitForExport,
  waitForJobCreated,
  waitForJobDelivered,
  waitForTranslations,
} from './wait.ts';
