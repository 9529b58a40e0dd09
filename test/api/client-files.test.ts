import { createHash } from 'node:crypto';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/client.ts';
import { UploadIntegrityError } from '../../src/api/helpers/errors.ts';
import { md5Hex, uploadFile } from '../../src/api/helpers/upload-file.ts';
import { apiError } from '../support/api-error.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

let p: TestPlatform;
let client: Client;
let memoryId: number;

/**
 * A proxy in front of the platform that flips one bit of every upload body to /v2/files: what a
 * faulty middlebox does. Everything else passes unchanged.
 */
async function corruptingProxy(target: string) {
  const server = createServer((req, res) => {
    const upstream = httpRequest(
      `${target}${req.url}`,
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    let flipped = !req.url!.startsWith('/v2/files?');
    req.on('data', (chunk: Buffer) => {
      if (!flipped && chunk.length > 0) {
        chunk[0]! ^= 1;
        flipped = true;
      }
      upstream.write(chunk);
    });
    req.on('end', () => upstream.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const APP_JSON = '{\n  "title": "Settings",\n  "save": "Save the document"\n}\n';

beforeAll(async () => {
  p = await startPlatform();
  client = createClient({ baseUrl: p.url, apiKey: p.key });
  memoryId = (await client.memories.create({ name: 'de', srclang: 'en', trglang: 'de' })).id;
});
afterAll(async () => {
  await client.close();
  await p.close();
});

async function jobWith(fileIds: number[]) {
  const job = await client.jobs.create({
    name: 'docs',
    srcLang: 'en',
    fileIds,
    languagePairs: [{ trgLang: 'de', memoryId }],
  });
  await p.idle();
  return job;
}

describe('files', () => {
  it('upload with labels and hash; list by labels and id; download as stream, bytes and text', async () => {
    const record = await client.files.upload({
      name: 'locales/en/app.json',
      content: APP_JSON,
      fileHash: md5Hex(APP_JSON),
      labels: ['repo:acme/app', 'ref:main'],
      langId: 'en',
    });
    expect(record).toMatchObject({
      name: 'locales/en/app.json',
      file_hash: md5Hex(APP_JSON),
      category: 'API',
      labels: ['ref:main', 'repo:acme/app'],
      detected_lang: 'en',
    });
    await client.files.upload({ name: 'other.json', content: '{"a":"b"}', labels: ['repo:acme/app'] });
    const both = await client.files.list({ labels: ['repo:acme/app', 'ref:main'] });
    expect(both.map((f) => f.id)).toEqual([record.id]);
    expect((await client.files.list({ id: record.id })).map((f) => f.name)).toEqual(['locales/en/app.json']);

    const stream = await client.files.download(record.id);
    expect(stream).toBeInstanceOf(Readable);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe(APP_JSON);
    expect(Buffer.from(await client.files.download(record.id, { as: 'bytes' })).toString()).toBe(APP_JSON);
    expect(await client.files.download(record.id, { as: 'text' })).toBe(APP_JSON);
  });

  it('labels are added and removed idempotently; delete answers 204, then the file is gone', async () => {
    const record = await client.files.upload({ name: 'labels.json', content: APP_JSON });
    await client.files.addLabel(record.id, 'job:7');
    await client.files.addLabel(record.id, 'job:7');
    expect((await client.files.list({ labels: ['job:7'] })).map((f) => f.id)).toEqual([record.id]);
    await client.files.removeLabel(record.id, 'job:7');
    await client.files.removeLabel(record.id, 'job:7');
    expect(await client.files.list({ labels: ['job:7'] })).toEqual([]);
    await client.files.delete(record.id);
    expect(await client.files.list({ id: record.id })).toEqual([]);
    await apiError(client.files.download(record.id), 404);
  });

  it('404 for unknown ids and projects, 400 for bad input, 409 deleting a file a job uses', async () => {
    for (const call of [
      () => client.files.delete(999_999),
      () => client.files.download(999_999),
      () => client.files.addLabel(999_999, 'x'),
      () => client.files.removeLabel(999_999, 'x'),
      () => client.files.upload({ name: 'a.json', content: '{}', projectId: 999_999 }),
    ])
      await apiError(call(), 404);
    const mismatch = await apiError(
      client.files.upload({ name: 'a.json', content: '{}', fileHash: md5Hex('other') }),
      400,
    );
    expect((mismatch.body as { message: string }).message).toMatch(/file_hash/);
    await apiError(client.files.upload({ name: '', content: '{}' }), 400);
    await apiError(client.files.upload({ name: 'a.json', content: '{}', langId: 'not-a-language' }), 400);
    await apiError(client.files.upload({ name: 'empty.json', content: '' }), 400);
    const file = await client.files.upload({ name: 'used.json', content: APP_JSON });
    await apiError(client.files.addLabel(file.id, 'a,b'), 400);
    await jobWith([file.id]);
    const used = await apiError(client.files.delete(file.id), 409);
    expect((used.body as { message: string }).message).toMatch(/job/);
  });

  it('a label with a comma is refused before sending: it would become two labels', async () => {
    await expect(client.files.upload({ name: 'a.json', content: '{}', labels: ['a,b'] })).rejects.toThrow(
      TypeError,
    );
    await expect(client.files.list({ labels: ['a,b'] })).rejects.toThrow(/comma/);
  });
});

describe('uploadFile', () => {
  it('bytes: the MD5 goes along as file_hash', async () => {
    const bytes = new TextEncoder().encode(APP_JSON);
    const record = await uploadFile(client, { name: 'bytes.json', content: bytes, labels: ['ref:dev'] });
    expect(record).toMatchObject({ file_hash: md5Hex(bytes), labels: ['ref:dev'] });
  });

  it('a 3 MB stream from a function is hashed while it streams; the platform agrees', async () => {
    const line = (i: number) => `  "key_${i}": "Value number ${i} of a long generated file",\n`;
    function* generated() {
      yield '{\n';
      for (let i = 0; i < 60_000; i += 1000)
        yield Array.from({ length: 1000 }, (_, j) => line(i + j)).join('');
      yield '  "last": "end"\n}\n';
    }
    const expected = createHash('md5');
    for (const piece of generated()) expected.update(piece);
    const record = await uploadFile(client, {
      name: 'large.json',
      content: () => Readable.from(generated(), { objectMode: false }),
    });
    expect(record.file_hash).toBe(expected.digest('hex'));
    expect(record.size).toBeGreaterThan(3_000_000);
  });

  it('through a proxy that corrupts uploads: bytes are refused by the platform (400)', async () => {
    const proxy = await corruptingProxy(p.url);
    const viaProxy = createClient({ baseUrl: proxy.url, apiKey: p.key });
    try {
      const error = await apiError(uploadFile(viaProxy, { name: 'c.json', content: APP_JSON }), 400);
      expect((error.body as { message: string }).message).toMatch(/does not match the MD5/);
    } finally {
      await viaProxy.close();
      await proxy.close();
    }
  });

  it('through a proxy that corrupts uploads: a stream fails with UploadIntegrityError and the stored file is deleted', async () => {
    const proxy = await corruptingProxy(p.url);
    const viaProxy = createClient({ baseUrl: proxy.url, apiKey: p.key });
    try {
      const before = (await client.files.list()).length;
      const error = await uploadFile(viaProxy, {
        name: 'streamed.json',
        content: Readable.from([Buffer.from(APP_JSON)]),
        labels: ['ref:corrupt'],
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UploadIntegrityError);
      const integrity = error as UploadIntegrityError;
      expect(integrity.expected).toBe(md5Hex(APP_JSON));
      expect(integrity.actual).not.toBe(integrity.expected);
      expect(integrity.deleted).toBe(true);
      expect(await client.files.list({ labels: ['ref:corrupt'] })).toEqual([]);
      expect((await client.files.list()).length).toBe(before);
    } finally {
      await viaProxy.close();
      await proxy.close();
    }
  });
});

describe('documents and projects', () => {
  it('upload into a project, download in its own format and as XLIFF, pretranslate, download translated', async () => {
    const source = await client.files.upload({ name: 'seed.json', content: APP_JSON });
    const job = await jobWith([source.id]);
    const projectId = job.stats.projects[0]!.id;
    const doc = await client.documents.upload({
      projectId,
      name: 'locales/en/extra.json',
      content: () => Readable.from([Buffer.from('{"hello": "Hello world"}')]),
    });
    expect(doc).toMatchObject({
      project_id: projectId,
      name: 'locales/en/extra.json',
      is_pretranslating: false,
    });
    await p.idle();
    expect(JSON.parse(await client.documents.download(doc.id, { as: 'text' }))).toEqual({
      hello: 'Hello world',
    });
    const xliff = await client.documents.download(doc.id, { xliff: true, as: 'text' });
    expect(xliff).toContain('<source>Hello world</source>');

    const started = await client.documents.pretranslate({ id: [doc.id], mode: 'TM+MT' });
    expect(started).toMatchObject({ id: [doc.id], is_pretranslating: true });
    await p.idle();
    const translated = JSON.parse(await client.documents.download(doc.id, { as: 'text' })) as {
      hello: string;
    };
    expect(translated.hello).not.toBe('Hello world');

    const [project] = await client.projects.list({ id: [projectId] });
    expect(project!.document.map((d) => d.name)).toContain('locales/en/extra.json');
    expect(await client.projects.list({ id: projectId, trglang: 'fr' })).toEqual([]);
    expect((await client.projects.list({ state: project!.state })).map((x) => x.id)).toContain(projectId);
  });

  it('an upload with pretranslate is a limited call and arrives pretranslating', async () => {
    const source = await client.files.upload({ name: 'seed2.json', content: APP_JSON });
    const projectId = (await jobWith([source.id])).stats.projects[0]!.id;
    const doc = await client.documents.upload({
      projectId,
      name: 'pre.json',
      content: '{"bye": "Goodbye"}',
      pretranslate: true,
      characters: 7,
    });
    expect(doc.is_pretranslating).toBe(true);
    await p.idle();
    expect(JSON.parse(await client.documents.download(doc.id, { as: 'text' })).bye).not.toBe('Goodbye');
  });

  it('404 for unknown projects and documents, 400 for bad input, 409 for a document that failed to import', async () => {
    for (const call of [
      () => client.documents.upload({ projectId: 999_999, name: 'x.json', content: '{}' }),
      () => client.documents.download(999_999),
      () => client.documents.pretranslate({ id: [999_999] }),
    ])
      await apiError(call(), 404);
    await apiError(client.documents.pretranslate({ id: [] }), 400);
    await apiError(client.projects.list({ state: 'finished' as never }), 400);
    const source = await client.files.upload({ name: 'seed3.json', content: APP_JSON });
    const projectId = (await jobWith([source.id])).stats.projects[0]!.id;
    await apiError(client.documents.upload({ projectId, name: '', content: '{}' }), 400);
    const broken = await client.documents.upload({ projectId, name: 'broken.json', content: '{"a": ' });
    await p.idle();
    const download = await apiError(client.documents.download(broken.id), 409);
    expect((download.body as { message: string }).message).toMatch(/failed to import/);
    await apiError(client.documents.pretranslate({ id: [broken.id] }), 409);
  });
});
