/** Helpers of the instant translation tests (instant.test.ts, instant-bad-input.test.ts). */
import type { TestPlatform } from '../support/platform.ts';

/** The JSON body of a successful response; a failed one throws with its status and body. */
export async function json(res: Response) {
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.status}: ${JSON.stringify(body)}`);
  return body;
}

/** Uploads a file under `name` to the platform `platform()` gives, answering its File record. */
export function uploader(platform: () => TestPlatform) {
  return async (name: string, content: string | Uint8Array<ArrayBuffer>) =>
    json(
      await platform().call(`/v2/files?name=${encodeURIComponent(name)}`, {
        method: 'POST',
        body: content,
        headers: { 'content-type': 'application/octet-stream' },
      }),
    );
}
