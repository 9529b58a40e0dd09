import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/client.ts';
import { ApiError, LimitExceededError } from '../../src/api/errors.ts';
import { countCharacters } from '../../src/api/helpers/characters.ts';
import {
  FileOverBudgetError,
  TranslateFilesError,
  TranslationsNotFoundError,
} from '../../src/api/helpers/errors.ts';
import { translateFiles } from '../../src/api/helpers/translate-files.ts';
import { uploadFile } from '../../src/api/helpers/upload-file.ts';
import { waitForTranslations } from '../../src/api/helpers/wait.ts';
import { apiError } from '../support/api-error.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

let p: TestPlatform;
let client: Client;
let memoryId: number;
const clients: Client[] = [];

const fast = { intervalMs: 20, maxIntervalMs: 100, timeoutMs: 20_000 };
const encoder = new TextEncoder();

/** A JSON string file with `n` messages; returns its upload and translatable characters. */
async function jsonFile(name: string, n: number) {
  const messages = Object.fromEntries(
    Array.from({ length: n }, (_, i) => [`m${i}`, `Message number ${i} for ${name}`]),
  );
  const bytes = encoder.encode(JSON.stringify(messages, null, 2));
  const record = await uploadFile(client, { name, content: bytes });
  return { id: record.id, characters: countCharacters(name, bytes), messages };
}

/** Characters the platform charged this organization's limited endpoints, over every window kept. */
async function charged(): Promise<number> {
  const rows = await p.database.db
    .selectFrom('rate_windows')
    .select(['used'])
    .where('bucket', '=', 'limited_chars')
    .execute();
  return rows.reduce((n, r) => n + Number(r.used), 0);
}

beforeAll(async () => {
  p = await startPlatform();
  client = createClient({ baseUrl: p.url, apiKey: p.key });
  memoryId = (await client.memories.create({ name: 'instant de', srclang: 'en', trglang: 'de' })).id;
});
afterAll(async () => {
  for (const c of clients) await c.close();
  await client.close();
  await p.close();
});

describe('instant flow through the client', () => {
  it('translateFiles (split into budgeted calls) → waitForTranslations → download each file translated', async () => {
    const files = [await jsonFile('a.json', 5), await jsonFile('b.json', 8), await jsonFile('c.json', 3)];
    expect(files.every((f) => f.characters > 0)).toBe(true);
    const requestsBefore = client.transport.counters.requests;
    const chargedBefore = await charged();
    const started = await translateFiles(client, files, memoryId, {
      maxCharactersPerCall: files[0]!.characters + files[1]!.characters,
    });
    // a+b fit one call, c needs another.
    expect(client.transport.counters.requests - requestsBefore).toBe(2);
    expect(await charged()).toBe(chargedBefore + files.reduce((n, f) => n + f.characters, 0));
    expect(started.map((s) => s.fileId)).toEqual(files.map((f) => String(f.id)));
    expect(started.every((s) => s.memoryId === memoryId && s.trgLang === 'de')).toBe(true);

    const done = await waitForTranslations(
      client,
      started.map((s) => s.id),
      fast,
    );
    expect(done.map((s) => s.status)).toEqual(['ReadyForDownload', 'ReadyForDownload', 'ReadyForDownload']);
    for (const [i, status] of done.entries()) {
      const translated = JSON.parse(await client.instant.download(status.id, { as: 'text' })) as Record<
        string,
        string
      >;
      expect(Object.keys(translated)).toEqual(Object.keys(files[i]!.messages));
      expect(translated.m0).not.toBe(files[i]!.messages.m0);
    }
    const listed = await client.instant.status({ status: 'ReadyForDownload' });
    expect(listed.map((s) => s.id)).toEqual(expect.arrayContaining(done.map((s) => s.id)));
    expect((await client.instant.status({ fromTime: started[0]!.createdAt })).length).toBeGreaterThanOrEqual(
      3,
    );
  });

  it('a file the platform cannot translate ends Failed with errorMsg; its download answers 409', async () => {
    const record = await uploadFile(client, { name: 'notes.bin', content: new Uint8Array([0, 1, 2, 3]) });
    const [status] = await client.instant.translate({ fileIds: [record.id], memoryId, characters: 0 });
    const [failed] = await waitForTranslations(client, [status!.id], fast);
    expect(failed).toMatchObject({ status: 'Failed', errorMsg: expect.stringMatching(/\S/) });
    const conflict = await apiError(client.instant.download(status!.id), 409);
    expect((conflict.body as { message: string }).message).toMatch(/failed/);
  });

  it('404 for unknown files and translations, 401 for another organization’s memory, 400 without a filter', async () => {
    await apiError(client.instant.translate({ fileIds: [999_999], memoryId, characters: 0 }), 404);
    await apiError(client.instant.download(999_999), 404);
    const other = await p.addOrganization('other');
    const theirs = createClient({ baseUrl: p.url, apiKey: other.key });
    clients.push(theirs);
    const foreign = await theirs.memories.create({ name: 'x', srclang: 'en', trglang: 'fr' });
    const file = await jsonFile('d.json', 1);
    await apiError(
      client.instant.translate({ fileIds: [file.id], memoryId: foreign.id, characters: file.characters }),
      401,
    );
    await apiError(client.instant.status({}), 400);
    const missing = await waitForTranslations(client, [999_998], fast).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(TranslationsNotFoundError);
    expect((missing as TranslationsNotFoundError).ids).toEqual([999_998]);
  });
});

describe('translateFiles limits', () => {
  it('a single file over this client’s window budget fails before any request', async () => {
    const small = createClient({ baseUrl: p.url, apiKey: p.key, limits: { characters: 1000 } });
    clients.push(small);
    const error = await translateFiles(small, [{ id: 1, characters: 1001 }], memoryId).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FileOverBudgetError);
    expect(error).toMatchObject({ fileId: 1, weight: 1001, capacity: 1000 });
    expect(small.transport.counters.requests).toBe(0);
    // The raw method refuses the same weight too, as a LimitExceededError.
    await expect(small.instant.translate({ fileIds: [1], memoryId, characters: 1001 })).rejects.toThrow(
      LimitExceededError,
    );
  });

  it('when a batch fails, later batches are not sent; the error keeps the started statuses and unsent ids', async () => {
    const a = await jsonFile('e.json', 2);
    const b = await jsonFile('f.json', 2);
    const error = await translateFiles(client, [a, { id: 999_999, characters: 10 }, b], memoryId, {
      maxFilesPerCall: 1,
      concurrency: 1,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TranslateFilesError);
    const failure = error as TranslateFilesError;
    expect(failure.cause).toBeInstanceOf(ApiError);
    expect((failure.cause as ApiError).status).toBe(404);
    expect(failure.started.map((s) => s.fileId)).toEqual([String(a.id)]);
    expect(failure.unsent).toEqual([999_999, b.id]);
  });
});

describe('the limited endpoints are paced by the client', () => {
  it('with 2 requests per window, a third limited call waits while other calls pass; abort frees it', async () => {
    const paced = createClient({ baseUrl: p.url, apiKey: p.key, limits: { requests: 2, windowMs: 60_000 } });
    clients.push(paced);
    const file = await jsonFile('g.json', 1);
    await paced.instant.translate({ fileIds: [file.id], memoryId, characters: file.characters });
    await paced.documents.pretranslate({ id: [999_999] }).catch(() => undefined);
    const controller = new AbortController();
    const third = paced.instant.translate(
      { fileIds: [file.id], memoryId, characters: file.characters },
      { signal: controller.signal },
    );
    // Unlimited calls are not held up by the limited budget.
    expect((await paced.languages.get()).code_to_name.de).toBe('German');
    await paced.files.list();
    expect(paced.transport.limiter.state.waiting).toBe(1);
    controller.abort(new Error('enough'));
    await expect(third).rejects.toThrow('enough');
    expect(paced.transport.counters.requests).toBe(4);
  });

  it('characters are weighed: 800 of 1,000 pass, the next 300 wait for the window', async () => {
    const paced = createClient({
      baseUrl: p.url,
      apiKey: p.key,
      limits: { characters: 1000, windowMs: 60_000 },
    });
    clients.push(paced);
    const file = await jsonFile('h.json', 1);
    await paced.instant.translate({ fileIds: [file.id], memoryId, characters: 800 });
    const controller = new AbortController();
    const heavy = paced.instant.translate(
      { fileIds: [file.id], memoryId, characters: 300 },
      { signal: controller.signal },
    );
    await paced.documents
      .upload({ projectId: 999_999, name: 'x.json', content: '{}' })
      .catch(() => undefined);
    expect(paced.transport.limiter.state.waiting).toBe(1);
    controller.abort(new Error('stop'));
    await expect(heavy).rejects.toThrow('stop');
  });
});
