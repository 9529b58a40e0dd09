import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatCommands } from '../../src/cli/format-commands.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

// Receiver placement (only config-made paths, zip-slip) is covered by test/receiver/collect-job.test.ts,
// test/config/path-safety.test.ts and test/api/zip.test.ts; see coverage.test.ts.

let p: TestPlatform;
beforeAll(async () => {
  p = await startPlatform();
});
afterAll(() => p?.close());

async function json(res: Response) {
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.status}: ${JSON.stringify(body)}`);
  return body;
}

const upload = (name: string, body = '{"a": "b"}\n') =>
  p.call(`/v2/files?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/octet-stream' },
  });

const TRAVERSALS: [string, RegExp][] = [
  ['../../etc/passwd', /must not contain \. or \.\. segments/],
  ['locales/../../../x.json', /must not contain \. or \.\. segments/],
  ['locales/en/..', /must not contain \. or \.\. segments/],
  ['./app.json', /must not contain \. or \.\. segments/],
  ['/etc/passwd', /must be a relative path/],
  ['C:/Windows/win.ini', /must be a relative path/],
  ['c:app.json', /must be a relative path/],
  ['..\\..\\app.json', /must use \/ as the path separator/],
  ['locales\\en\\app.json', /must use \/ as the path separator/],
  ['locales//app.json', /must not contain empty path segments/],
  ['app.json\u0000.png', /must not contain NUL \(U\+0000\) characters/],
  ['app\r\n.json', /must not contain control characters/],
];

describe('path traversal in file names given to the platform', () => {
  it.each(TRAVERSALS)(
    'POST /v2/files?name=%j is a 400 naming the problem, and nothing is stored',
    async (name, says) => {
      const res = await upload(name);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(says);
      const blobs = await p.database.db.selectFrom('files').select('name').execute();
      expect(blobs.map((b) => b.name)).not.toContain(name);
    },
  );

  it('a percent-encoded ../ is decoded before it is judged, and refused', async () => {
    const res = await p.call('/v2/files?name=%2e%2e%2F%2e%2e%2Fx.json', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(res.status).toBe(400);
  });

  it('names that only look odd are accepted as they are (nothing is "cleaned")', async () => {
    for (const name of ['..json', 'a/..b/c.json', 'v1.2/x:y.json', 'locales/%lang%/app.json']) {
      const record = await json(await upload(name));
      expect(record.name).toBe(name);
    }
  });

  describe('document uploads into a project', () => {
    let projectId: number;
    beforeAll(async () => {
      const file = await json(await upload('locales/en/app.json'));
      const memory = await json(
        await p.call('/v2/memories', { method: 'POST', json: { name: 'de', srclang: 'en', trglang: 'de' } }),
      );
      const job = await json(
        await p.call('/v2/jobs', {
          method: 'POST',
          json: {
            name: 'j',
            srcLang: 'en',
            fileIds: [file.id],
            languagePairs: [{ trgLang: 'de', memoryId: memory.id }],
          },
        }),
      );
      await p.idle();
      const stats = await json(await p.call(`/v2/jobs/${job.id}/stats`));
      projectId = stats.projects[0].id;
    });

    const multipart = (filename: string, fields: Record<string, string> = {}) => {
      const boundary = '----svcboundary';
      const parts = [
        ...Object.entries(fields).map(
          ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
        ),
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
          `Content-Type: application/octet-stream\r\n\r\n{"a": "b"}\r\n`,
        `--${boundary}--\r\n`,
      ];
      return { body: parts.join(''), type: `multipart/form-data; boundary=${boundary}` };
    };

    it.each(['../../evil.json', '/etc/evil.json', 'de/../../evil.json', '..\\..\\evil.json'])(
      'a multipart file named %j is kept under its base name only (the multipart reader drops the path)',
      async (filename) => {
        const { body, type } = multipart(filename, { project_id: String(projectId) });
        const res = await p.call('/v2/documents/files', {
          method: 'POST',
          body,
          headers: { 'content-type': type },
        });
        expect(res.status).toBe(200);
        expect((await res.json()).name).toBe('evil.json');
      },
    );

    it('a name field with ../ overrides a harmless file name and is refused too', async () => {
      const { body, type } = multipart('app.json', { project_id: String(projectId), name: '../evil.json' });
      const res = await p.call('/v2/documents/files', {
        method: 'POST',
        body,
        headers: { 'content-type': type },
      });
      expect(res.status).toBe(400);
    });

    it('a raw upload whose SVC-API header names ../evil.json is a 400', async () => {
      const res = await p.call('/v2/documents/files', {
        method: 'POST',
        body: '{"a": "b"}',
        headers: {
          'content-type': 'application/octet-stream',
          'SVC-API': JSON.stringify({ name: '../evil.json', project_id: projectId }),
        },
      });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(/must not contain \. or \.\. segments/);
    });

    it('a job whose stored document name climbs out (older data) fails its export instead of zipping it', async () => {
      const doc = await p.database.db
        .selectFrom('documents')
        .select(['id', 'project_id'])
        .where('project_id', '=', projectId)
        .executeTakeFirstOrThrow();
      await p.database.db
        .updateTable('documents')
        .set({ name: '../../evil.json' })
        .where('id', '=', doc.id)
        .execute();
      const project = await p.database.db
        .selectFrom('projects')
        .select('job_id')
        .where('id', '=', projectId)
        .executeTakeFirstOrThrow();
      expect((await p.call(`/v2/jobs/${project.job_id}/export`)).status).toBe(200);
      await p.idle();
      const job = await json(await p.call(`/v2/jobs/${project.job_id}`));
      expect(job.exportError).toMatch(/unsafe name "\.\.\/\.\.\/evil\.json"/);
      const download = await p.call(`/v2/jobs/${project.job_id}/download`);
      expect(download.status).toBe(409);
    });
  });
});

describe('svc-connector extract / merge write only where -o says', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'svc-traversal-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const text = (chunk: unknown) =>
    typeof chunk === 'string' ? chunk : new TextDecoder().decode(chunk as Uint8Array);

  async function cli(...args: string[]) {
    const program = new Command().exitOverride();
    formatCommands(program);
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const exitCode = process.exitCode;
    try {
      await program.parseAsync(['node', 'svc-connector', ...args]);
      return {
        code: process.exitCode ?? 0,
        stdout: stdout.mock.calls.map((c) => text(c[0])).join(''),
        stderr: stderr.mock.calls.map((c) => text(c[0])).join(''),
      };
    } finally {
      stdout.mockRestore();
      stderr.mockRestore();
      process.exitCode = exitCode;
    }
  }

  it('merge ignores the XLIFF’s file original="../../…" and writes the one -o file', async () => {
    const work = join(dir, 'work');
    await mkdir(work);
    await writeFile(join(work, 'app.json'), '{"a": "Hello"}\n');
    const xliff = `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
<file original="../../escaped.json" source-language="en" target-language="de" datatype="plaintext"><body>
<trans-unit id="a"><source>Hello</source><target>Hallo</target></trans-unit>
</body></file></xliff>`;
    await writeFile(join(work, 'de.xlf'), xliff);
    const r = await cli(
      'merge',
      join(work, 'app.json'),
      join(work, 'de.xlf'),
      '-o',
      join(work, 'app.de.json'),
    );
    expect(r.code).toBe(0);
    expect(await readFile(join(work, 'app.de.json'), 'utf8')).toBe('{"a": "Hallo"}\n');
    expect((await readdir(work)).sort()).toEqual(['app.de.json', 'app.json', 'de.xlf']);
    expect(await readdir(dir)).toEqual(['work']);
  });

  it('extract of a file whose name holds ../ writes only to standard output without -o', async () => {
    const nested = join(dir, 'a', 'b');
    await mkdir(nested, { recursive: true });
    await writeFile(join(nested, 'app.json'), '{"a": "Hello"}\n');
    const before = await readdir(dir, { recursive: true });
    const r = await cli('extract', join(nested, '..', 'b', 'app.json'));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('<source>Hello</source>');
    expect(r.stdout).toContain('original="app.json"');
    expect(await readdir(dir, { recursive: true })).toEqual(before);
  });
});
