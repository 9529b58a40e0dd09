/**
 * A platform in the bench's own process on an embedded SQLite file, as `svc-connector server`
 * runs it (limits raised so the bench measures the work, not the quota), with its bootstrap key
 * and a JSON `call` that throws on any answer but 2xx.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../server/app.ts';
import { bootstrapIfEmpty } from '../../server/bootstrap.ts';
import { DEFAULT_LIMITS } from '../../server/limits/config.ts';
import { readSettings } from '../../server/settings.ts';
import { platformMigrations } from '../../server/store/migrations/index.ts';
import type { PlatformSchema } from '../../server/store/schema.ts';
import { connectDatabase } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';

export interface WorkbenchSession {
  /** A page of the workbench with the session's cookie; redirects are not followed. */
  page(path: string, init?: RequestInit): Promise<{ status: number; text: string }>;
  /** The session's CSRF token for forms. */
  csrf: string;
}

/** The platform's JSON answer, read as the bench expects it (as `res.json()` does). */
// biome-ignore lint/suspicious/noExplicitAny: a bench reads answers whose shapes it knows from the spec
export type Call = (path: string, init?: RequestInit & { json?: unknown }) => Promise<any>;

export interface EmbeddedPlatform {
  base: string;
  key: string;
  database: ReturnType<typeof connectDatabase<PlatformSchema>>;
  call: Call;
  /** Resolves once the platform's background work is done. */
  idle(): Promise<void>;
  /**
   * A job en → de over one JSON file of `strings` (with the workflow template named, else the
   * first), imported: the id of its German document.
   */
  jobDocument(strings: Record<string, string>, template?: string): Promise<number>;
  /** A workbench session signed in through the login form, as a browser gets one. */
  workbench(): Promise<WorkbenchSession>;
  close(): Promise<void>;
}

export async function embeddedPlatform(name: string): Promise<EmbeddedPlatform> {
  const dir = mkdtempSync(join(tmpdir(), `svc-bench-${name}-`));
  const database = connectDatabase<PlatformSchema>(`sqlite:${join(dir, 'platform.db')}`);
  await migrateToLatest(database.db as never, database.dialect, platformMigrations);
  const boot = await bootstrapIfEmpty(database.db, Date.now);
  const { app, worker } = createApp({
    database,
    settings: readSettings({}),
    limits: { ...DEFAULT_LIMITS, general: 1_000_000 },
  });
  worker.start();
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const key = boot!.key;
  const auth = { authorization: `Basic ${Buffer.from(`${key}:${key}`).toString('base64')}` };
  const call: Call = async (path, init = {}) => {
    const res = await fetch(base + path, {
      ...init,
      headers: {
        ...auth,
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.headers as Record<string, string>),
      },
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  async function jobDocument(strings: Record<string, string>, template?: string): Promise<number> {
    const file = await call('/v2/files?name=locales%2Fen%2Fapp.json', {
      method: 'POST',
      body: JSON.stringify(strings),
      headers: { 'content-type': 'application/octet-stream' },
    });
    const memory = await call('/v2/memories', {
      method: 'POST',
      json: { name: 'bench', srclang: 'en', trglang: 'de' },
    });
    const templates = (await call('/v2/workflows/templates')) as { id: number; name: string }[];
    const job = await call('/v2/jobs', {
      method: 'POST',
      json: {
        name: 'bench',
        srcLang: 'en',
        fileIds: [file.id],
        languagePairs: [{ trgLang: 'de', memoryId: memory.id }],
        workflowTemplateId: (templates.find((t) => t.name === template) ?? templates[0]!).id,
      },
    });
    await worker.idle();
    const projectId = (job.stats.projects as { id: number }[])[0]!.id;
    const [project] = (await call(`/v2/projects?id=${projectId}`)) as {
      document: { id: number; import_succeeded: boolean }[];
    }[];
    const document = project?.document[0];
    if (!document?.import_succeeded) throw new Error('the document was not imported');
    return document.id;
  }

  async function workbench(): Promise<WorkbenchSession> {
    const cookies = new Map<string, string>();
    const page = async (path: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
      const res = await fetch(base + path, { ...init, headers, redirect: 'manual' });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      return { status: res.status, text: await res.text() };
    };
    const csrfOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)![1]!;
    const login = await page('/workbench/login');
    await page('/workbench/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf: csrfOf(login.text), key, next: '/workbench' }).toString(),
    });
    return { page, csrf: csrfOf((await page('/workbench')).text) };
  }

  return {
    base,
    key,
    database,
    call,
    idle: () => worker.idle(),
    jobDocument,
    workbench,
    async close() {
      await worker.stop();
      server.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
