import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { csrfOf, workbenchClient } from './client.ts';
import { createJob, type JobFixture } from './fixture.ts';

const HOUR = 60 * 60 * 1000;
let clock = Date.parse('2030-01-01T08:00:00Z');
let p: TestPlatform;
let job: JobFixture;
const SECRET_TEXT = 'The quarterly numbers stay private';

beforeAll(async () => {
  p = await startPlatform({ now: () => clock });
  job = await createJob(p, { strings: { secret: SECRET_TEXT, hello: 'Hello' } });
});
afterAll(async () => {
  await p.close();
});

describe('workbench sign-in and sessions', () => {
  it('signs in with an API key: a HttpOnly, SameSite=Strict session cookie scoped to /workbench, then the jobs page', async () => {
    const c = workbenchClient(p.url);
    const login = await c.get('/workbench/login');
    expect(login.status).toBe(200);
    expect(login.html).toContain('<label class="label" for="key">API key</label>');
    const pre = login.setCookies.find((l) => l.startsWith('svc_wb_pre='))!;
    expect(pre).toMatch(/HttpOnly/);
    expect(pre).toMatch(/SameSite=Strict/);
    const res = await c.post('/workbench/login', {
      _csrf: csrfOf(login.html),
      key: p.key,
      next: '/workbench',
    });
    expect(res.status).toBe(303);
    expect(res.location).toBe('/workbench');
    const cookie = res.setCookies.find((l) => l.startsWith('svc_wb='))!;
    expect(cookie).toMatch(/^svc_wb=[\w-]{43}; Path=\/workbench; HttpOnly; SameSite=Strict; Max-Age=86400$/);
    const home = await c.get('/workbench');
    expect(home.status).toBe(200);
    expect(home.html).toContain('Release 2.0');
    expect(home.html).toContain(`href="/workbench/projects/${job.projectId}"`);
  });

  it('stores only a hash of the session token', async () => {
    const c = workbenchClient(p.url);
    await c.signIn(p.key);
    const token = c.jar.get('svc_wb')!;
    const rows = await p.database.db.selectFrom('workbench_sessions').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('refuses a sign-in without the pre-session CSRF token, or with another browser’s token', async () => {
    const c = workbenchClient(p.url);
    await c.get('/workbench/login');
    const missing = await c.post('/workbench/login', { key: p.key });
    expect(missing.status).toBe(403);
    expect(missing.setCookies.some((l) => l.startsWith('svc_wb='))).toBe(false);
    const other = workbenchClient(p.url);
    const foreign = csrfOf((await other.get('/workbench/login')).html);
    const crossed = await c.post('/workbench/login', { _csrf: foreign, key: p.key });
    expect(crossed.status).toBe(403);
  });

  it('refuses a wrong, malformed or revoked key with a labelled message and no session', async () => {
    const c = workbenchClient(p.url);
    const login = await c.get('/workbench/login');
    const wrong = await c.post('/workbench/login', {
      _csrf: csrfOf(login.html),
      key: `svc_${'0'.repeat(40)}`,
    });
    expect(wrong.status).toBe(401);
    expect(wrong.html).toContain('No such API key.');
    expect(wrong.html).toContain('aria-invalid="true"');
    const malformed = await c.post('/workbench/login', { _csrf: csrfOf(login.html), key: '<b>nope</b>' });
    expect(malformed.status).toBe(401);
    expect(malformed.html).not.toContain('<b>nope</b>');
    const other = await p.addUser(1, 'revoked@default.test', 'member');
    const keys = await (await p.call('/v2/api-keys', { key: other.key })).json();
    await p.call(`/v2/api-keys/${keys[0].id}`, { key: other.key, method: 'DELETE' });
    const revoked = await c.post('/workbench/login', { _csrf: csrfOf(login.html), key: other.key });
    expect(revoked.status).toBe(401);
    expect(revoked.html).toContain('revoked');
    expect(c.jar.has('svc_wb')).toBe(false);
  });

  it('a signed-out request never shows segment text: pages redirect to sign-in with the path to return to', async () => {
    const c = workbenchClient(p.url);
    for (const path of [
      '/workbench',
      `/workbench/projects/${job.projectId}`,
      `/workbench/documents/${job.documentId}`,
    ]) {
      const res = await c.get(path);
      expect(res.status, path).toBe(303);
      expect(res.location).toBe(`/workbench/login?next=${encodeURIComponent(path)}`);
      expect(res.html).not.toContain(SECRET_TEXT);
    }
    const forged = await workbenchClient(p.url);
    forged.jar.set('svc_wb', 'A'.repeat(43));
    const res = await forged.get(`/workbench/documents/${job.documentId}`);
    expect(res.status).toBe(303);
    expect(res.html).not.toContain(SECRET_TEXT);
    expect(forged.jar.has('svc_wb')).toBe(false);
  });

  it('sign-out ends the session on the server: the old cookie no longer opens anything', async () => {
    const c = workbenchClient(p.url);
    await c.signIn(p.key);
    const token = c.jar.get('svc_wb')!;
    const home = await c.get('/workbench');
    const out = await c.post('/workbench/logout', { _csrf: csrfOf(home.html) });
    expect(out.status).toBe(303);
    expect(out.location).toBe('/workbench/login?notice=signed-out');
    expect(c.jar.has('svc_wb')).toBe(false);
    c.jar.set('svc_wb', token);
    const again = await c.get(`/workbench/documents/${job.documentId}`);
    expect(again.status).toBe(303);
    expect(again.html).not.toContain(SECRET_TEXT);
  });

  it('expires after 8 hours idle, stays alive with activity, and ends 24 hours after sign-in regardless', async () => {
    const c = workbenchClient(p.url);
    await c.signIn(p.key);
    clock += 7 * HOUR;
    expect((await c.get('/workbench')).status).toBe(200);
    clock += 7 * HOUR;
    expect((await c.get('/workbench')).status).toBe(200);
    clock += 7 * HOUR;
    expect((await c.get('/workbench')).status).toBe(200);
    clock += 3 * HOUR + 1;
    const late = await c.get('/workbench');
    expect(late.status).toBe(303);
    expect(late.location).toContain('notice=expired');

    const idle = workbenchClient(p.url);
    await idle.signIn(p.key);
    clock += 8 * HOUR;
    expect((await idle.get('/workbench')).status).toBe(303);
  });

  it('ends the session when the API key it was opened with is revoked', async () => {
    const user = await p.addUser(1, 'translator@default.test', 'member');
    const c = workbenchClient(p.url);
    await c.signIn(user.key);
    expect((await c.get(`/workbench/documents/${job.documentId}`)).status).toBe(200);
    const keys = await (await p.call('/v2/api-keys', { key: user.key })).json();
    expect(
      (await p.call(`/v2/api-keys/${keys[0].id}`, { key: user.key, method: 'DELETE' })).status,
    ).toBeLessThan(300);
    const after = await c.get(`/workbench/documents/${job.documentId}`);
    expect(after.status).toBe(303);
    expect(after.html).not.toContain(SECRET_TEXT);
  });

  it('returns to the page asked for after sign-in, but never to another site', async () => {
    const c = workbenchClient(p.url);
    const login = await c.get(
      `/workbench/login?next=${encodeURIComponent(`/workbench/projects/${job.projectId}`)}`,
    );
    const res = await c.post('/workbench/login', {
      _csrf: csrfOf(login.html),
      key: p.key,
      next: `/workbench/projects/${job.projectId}`,
    });
    expect(res.location).toBe(`/workbench/projects/${job.projectId}`);
    const d = workbenchClient(p.url);
    for (const next of ['//evil.example/', 'https://evil.example/workbench', '/workbench/../v2/jobs']) {
      const page = await d.get('/workbench/login');
      const r = await d.post('/workbench/login', { _csrf: csrfOf(page.html), key: p.key, next });
      expect(r.location, next).toBe('/workbench');
      d.jar.delete('svc_wb');
    }
  });
});
