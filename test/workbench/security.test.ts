import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { csrfOf, type WorkbenchClient, workbenchClient } from './client.ts';
import { createJob, type JobFixture } from './fixture.ts';

let p: TestPlatform;
let job: JobFixture;
let c: WorkbenchClient;
const XSS = '<script>alert("pwned")</script> & <img src=x onerror=alert(1)>';

beforeAll(async () => {
  p = await startPlatform();
  job = await createJob(p, {
    strings: { xss: XSS, plain: 'Save the file' },
    fileName: 'locales/en/"quoted"<b>.json',
  });
  c = workbenchClient(p.url);
  await c.signIn(p.key);
});
afterAll(async () => {
  await p.close();
});

describe('workbench security', () => {
  it('renders a source segment holding <script> as text: escaped in content, attributes and the Use buttons', async () => {
    const page = await c.get(`/workbench/documents/${job.documentId}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(
      '&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;',
    );
    expect(page.html).not.toContain('<script>alert');
    expect(page.html).not.toContain('<img');
    // The document name is markup-free too, in the heading and the breadcrumb.
    expect(page.html).toContain('locales/en/&quot;quoted&quot;&lt;b&gt;.json');
    // Only the workbench's own script element, carrying the response's nonce.
    const scripts = page.html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^<script nonce="[A-Za-z0-9+/=]{24}">$/);
  });

  it('sends CSP with a fresh nonce per response, nosniff, no-referrer, no-store and no framing on every page', async () => {
    const a = await c.get(`/workbench/documents/${job.documentId}`);
    const b = await workbenchClient(p.url).get('/workbench/login');
    const nonces = [a, b].map(
      (r) => /'nonce-([^']+)'/.exec(r.headers.get('content-security-policy') ?? '')?.[1],
    );
    expect(nonces[0]).toBeDefined();
    expect(nonces[0]).not.toBe(nonces[1]);
    for (const r of [a, b, await c.get('/workbench/nowhere')]) {
      const csp = r.headers.get('content-security-policy')!;
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("form-action 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'nonce-[^']+'/);
      expect(csp).not.toContain('unsafe-inline');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('referrer-policy')).toBe('no-referrer');
      expect(r.headers.get('cache-control')).toBe('no-store');
      expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    }
    expect(a.html).toContain(`<script nonce="${nonces[0]}">`);
    expect(a.html).toContain(`<style nonce="${nonces[0]}">`);
  });

  it('refuses every POST without the session’s CSRF token (403) and changes nothing', async () => {
    const page = await c.get(`/workbench/documents/${job.documentId}`);
    const segmentId = Number(/action="\/workbench\/documents\/\d+\/segments\/(\d+)"/.exec(page.html)![1]);
    const before = await p.database.db
      .selectFrom('document_segments')
      .selectAll()
      .where('id', '=', segmentId)
      .executeTakeFirstOrThrow();
    const posts: [string, Record<string, string>][] = [
      [
        `/workbench/documents/${job.documentId}/segments/${segmentId}`,
        { target: 'Gehackt', action: 'confirm' },
      ],
      [`/workbench/documents/${job.documentId}/confirm-all`, {}],
      [`/workbench/projects/${job.projectId}/complete-stage`, { stage: '0' }],
      ['/workbench/logout', {}],
    ];
    for (const [path, fields] of posts) {
      for (const csrf of [undefined, 'x'.repeat(43), '']) {
        const res = await c.post(path, csrf === undefined ? fields : { ...fields, _csrf: csrf });
        expect(res.status, `${path} ${csrf}`).toBe(403);
      }
    }
    const after = await p.database.db
      .selectFrom('document_segments')
      .selectAll()
      .where('id', '=', segmentId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    const project = await (await p.call(`/v2/projects?id=${job.projectId}`)).json();
    expect(project[0].state).toBe('backlog');
    expect((await c.get('/workbench')).status).toBe(200);
  });

  it('a CSRF token of another session does not work in this one', async () => {
    const other = workbenchClient(p.url);
    await other.signIn(p.key);
    const foreign = csrfOf((await other.get('/workbench')).html);
    const res = await c.post(`/workbench/documents/${job.documentId}/confirm-all`, { _csrf: foreign });
    expect(res.status).toBe(403);
  });

  it('another organization’s project, document and segments answer 404, exactly like ones that do not exist', async () => {
    const acme = await p.addOrganization('acme');
    const theirs = await createJob(p, { key: acme.key, strings: { secret: 'Acme launch plans' } });
    const segment = await p.database.db
      .selectFrom('document_segments')
      .select('id')
      .where('document_id', '=', theirs.documentId)
      .executeTakeFirstOrThrow();
    const csrf = csrfOf((await c.get('/workbench')).html);
    const reads = [
      await c.get(`/workbench/documents/${theirs.documentId}`),
      await c.get(`/workbench/projects/${theirs.projectId}`),
      await c.get(`/workbench/documents/${theirs.documentId}/concordance?q=Acme`),
      await c.post(`/workbench/documents/${theirs.documentId}/segments/${segment.id}`, {
        _csrf: csrf,
        target: 'x',
        action: 'confirm',
      }),
      await c.post(`/workbench/documents/${job.documentId}/segments/${segment.id}`, {
        _csrf: csrf,
        target: 'x',
        action: 'save',
      }),
      await c.post(`/workbench/documents/${theirs.documentId}/confirm-all`, { _csrf: csrf }),
      await c.get(`/workbench/documents/${theirs.documentId}/go?to=next&from=${segment.id}`),
      await c.post(`/workbench/documents/${theirs.documentId}/segments/${segment.id}`, {
        _csrf: csrf,
        fill: JSON.stringify({ target: 'x' }),
      }),
      await c.post(`/workbench/projects/${theirs.projectId}/complete-stage`, { _csrf: csrf, stage: '0' }),
      await c.get(`/workbench/documents/${theirs.documentId}/xliff`),
      await c.get(`/workbench/documents/${theirs.documentId}/xliff/download`),
      await c.post(`/workbench/documents/${theirs.documentId}/xliff/resolve`, { _csrf: csrf }),
    ];
    for (const res of reads) {
      expect(res.status).toBe(404);
      expect(res.html).not.toContain('Acme launch plans');
    }
    // Byte for byte the page of a document that does not exist (but for the per-response nonce).
    const strip = (html: string) => html.replace(/nonce="[^"]+"/g, '');
    expect(strip(reads[0]!.html)).toBe(strip((await c.get('/workbench/documents/999999')).html));
    expect(strip(reads[1]!.html)).toBe(strip((await c.get('/workbench/projects/999999')).html));
    const untouched = await p.database.db
      .selectFrom('document_segments')
      .select(['status', 'target'])
      .where('id', '=', segment.id)
      .executeTakeFirstOrThrow();
    expect(untouched.target).not.toBe('x');
    expect(untouched.status).not.toBe('confirmed');
  });

  it('answers malformed ids and unknown pages with the 404 page, an oversized form with 413, never a crash', async () => {
    for (const path of [
      '/workbench/documents/abc',
      '/workbench/documents/0',
      '/workbench/projects/1e3',
      '/workbench/x',
    ]) {
      const res = await c.get(path);
      expect(res.status, path).toBe(404);
      expect(res.html).toContain('Not found');
    }
    const csrf = csrfOf((await c.get('/workbench')).html);
    const big = await c.post(`/workbench/documents/${job.documentId}/confirm-all`, {
      _csrf: csrf,
      pad: 'x'.repeat(1_100_000),
    });
    expect(big.status).toBe(413);
    expect(big.html).toContain('larger than the workbench accepts');
  });
});
