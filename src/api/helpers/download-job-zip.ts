import type { CallExtras } from '../client/common.ts';
import type { Client } from '../client.ts';
import { readZipEntries, type ZipEntry, type ZipLimits } from '../zip.ts';

/**
 * Downloads a job's exported zip (GET /v2/jobs/{id}/download) and reads its entries as it
 * streams in, with zip-slip and size guards (zip.ts): an unsafe name or an entry inflating past
 * the limits throws ZipError and stops the download. Entries: a folder per target (`de/`, or
 * `de-DE/` with a locale) holding each document under its name.
 */
export async function downloadJobZip(
  client: Client,
  jobId: number,
  o: CallExtras & { limits?: Partial<ZipLimits> } = {},
): Promise<ZipEntry[]> {
  const { limits, ...call } = o;
  const body = await client.jobs.download(jobId, call);
  try {
    return await readZipEntries(body, limits);
  } finally {
    // A failure before the first chunk leaves the stream unread: close the connection's stream.
    body.destroy();
  }
}
