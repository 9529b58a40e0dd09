import type { Client, FileRecord } from '../../src/api/index.ts';
import { entryForSource, type SvcConfig } from '../../src/config/index.ts';
import { analyseSourceFile } from '../../src/translations/source-file.ts';

/** A job or translation's source file as uploaded, and its words (for the PR body and QA). */
export async function sourceUpload(client: Client, config: SvcConfig, file: FileRecord, signal: AbortSignal) {
  const bytes = await client.files.download(file.id, { as: 'bytes', signal });
  const format = entryForSource(config, file.name)?.format;
  const analysed = analyseSourceFile(file.name, bytes, { lang: config.source, format });
  return { bytes, words: 'words' in analysed ? analysed.words : 0 };
}
