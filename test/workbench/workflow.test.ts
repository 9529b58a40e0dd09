import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';
import { csrfOf, type WorkbenchClient, workbenchClient } from './client.ts';
import { createJob, type JobFixture } from './fixture.ts';

let p: TestPlatform;
let hooks: WebhookReceiver;
let job: JobFixture;
let c: WorkbenchClient;
let csrf: string;

async function apiProject(id: number) {
  const [project] = await (await p.call(`/v2/projects?id=${id}`)).json();
  return project as { state: string; workflowStatus: string };
}
const events = () =>
  hooks.requests.map((r) => ({
    type: r.headers['svc-event-type'],
    body: JSON.parse(r.body) as { id: number },
  }));
async function complete(projectId: number, stage: number) {
  return c.post(`/workbench/projects/${projectId}/complete-stage`, { _csrf: csrf, stage: String(stage) });
}

beforeAll(async () => {
  p = await startPlatform({ webhooks: { retryScale: 0.001 } });
  hooks = await startWebhookReceiver();
  const res = await p.call('/v3/connectors/configuration/webhooks', {
    method: 'POST',
    json: {
      webhookName: 'workbench',
      webhookUrl: `${hooks.url}/hook`,
      eventType: ['JOB_DELIVER', 'PROJECT_UPDATE', 'PROJECT_DELIVER'],
    },
  });
  expect(res.status).toBe(200);
  job = await createJob(p, { strings: { a: 'Open the door', b: 'Close the window' }, moreTargets: ['fr'] });
  c = workbenchClient(p.url);
  await c.signIn(p.key);
  csrf = csrfOf((await c.get('/workbench')).html);
});
afterAll(async () => {
  await p.close();
  await hooks.close();
});

describe('workflow stages in the workbench', () => {
  it('shows the template’s stages with the current one marked, and the button for the stage', async () => {
    const page = await c.get(`/workbench/projects/${job.projectId}`);
    expect(page.html).toContain('Workflow: Translate &gt; Review &gt; Secondary review');
    expect(page.html).toContain('<li aria-current="step">Ready to start (current)</li>');
    expect(page.html).toContain('>Start Translate</button>');
    expect(page.html).toContain(`href="/workbench/documents/${job.documentId}"`);
    expect(await apiProject(job.projectId)).toMatchObject({
      state: 'backlog',
      workflowStatus: 'READY_TO_START',
    });
  });

  it('moves one stage per click: state and workflowStatus follow, PROJECT_UPDATE fires', async () => {
    const res = await complete(job.projectId, 0);
    expect(res.location).toBe(`/workbench/projects/${job.projectId}?notice=advanced`);
    expect(await apiProject(job.projectId)).toMatchObject({
      state: 'inProgress',
      workflowStatus: 'IN_PROGRESS',
    });
    await hooks.waitFor(1);
    expect(events()).toContainEqual({
      type: 'PROJECT_UPDATE',
      body: expect.objectContaining({ id: job.projectId }),
    });
    const page = await c.get(res.location!);
    expect(page.html).toContain('Stage completed.');
    expect(page.html).toContain('>Complete Translate</button>');
  });

  it('a repeated or outdated form (another stage) changes nothing', async () => {
    const res = await complete(job.projectId, 0);
    expect(res.location).toContain('notice=stale');
    expect(await apiProject(job.projectId)).toMatchObject({ state: 'inProgress' });
  });

  it('refuses to leave Translate while segments are unconfirmed, and says how many', async () => {
    const before = hooks.requests.length;
    const res = await complete(job.projectId, 1);
    expect(res.location).toBe(`/workbench/projects/${job.projectId}?notice=unconfirmed&n=2`);
    expect((await c.get(res.location!)).html).toContain('2 segments are not confirmed');
    expect(await apiProject(job.projectId)).toMatchObject({ state: 'inProgress' });
    expect(hooks.requests.length).toBe(before);
  });

  it('after confirming, walks Translate → Review → Secondary review → Done; PROJECT_DELIVER fires but the job waits for its other project', async () => {
    await c.post(`/workbench/documents/${job.documentId}/confirm-all`, { _csrf: csrf });
    expect((await complete(job.projectId, 1)).location).toContain('notice=advanced');
    expect(await apiProject(job.projectId)).toMatchObject({
      state: 'inReview',
      workflowStatus: 'IN_PROGRESS',
    });
    // Confirming during review marks segments reviewed.
    const editor = await c.get(`/workbench/documents/${job.documentId}?filter=unconfirmed`);
    expect(editor.html).toContain('class="segment open"');
    await c.post(`/workbench/documents/${job.documentId}/confirm-all`, { _csrf: csrf });
    const statuses = await p.database.db
      .selectFrom('document_segments')
      .select('status')
      .where('document_id', '=', job.documentId)
      .execute();
    expect(statuses.every((s) => s.status === 'reviewed')).toBe(true);
    expect((await complete(job.projectId, 2)).location).toContain('notice=advanced');
    expect(await apiProject(job.projectId)).toMatchObject({ state: 'inQA' });
    expect((await complete(job.projectId, 3)).location).toContain('notice=advanced');
    expect(await apiProject(job.projectId)).toMatchObject({ state: 'done', workflowStatus: 'DONE' });
    await p.idle();
    expect(events()).toContainEqual({
      type: 'PROJECT_DELIVER',
      body: expect.objectContaining({ id: job.projectId }),
    });
    expect(events().some((e) => e.type === 'JOB_DELIVER')).toBe(false);
    const jobNow = await (await p.call(`/v2/jobs/${job.jobId}`)).json();
    expect(jobNow.status).toBe('active');
  });

  it('a done project is read-only: the editor disables its fields and refuses edits', async () => {
    const page = await c.get(`/workbench/documents/${job.documentId}`);
    expect(page.html).toContain('the document is read-only');
    expect(page.html).toMatch(/name="target"[^>]* readonly/);
    const segment = await p.database.db
      .selectFrom('document_segments')
      .select(['id', 'target'])
      .where('document_id', '=', job.documentId)
      .executeTakeFirstOrThrow();
    const res = await c.post(`/workbench/documents/${job.documentId}/segments/${segment.id}`, {
      _csrf: csrf,
      target: 'Zu spät',
      action: 'save',
    });
    expect(res.location).toContain('notice=locked');
    const after = await p.database.db
      .selectFrom('document_segments')
      .select('target')
      .where('id', '=', segment.id)
      .executeTakeFirstOrThrow();
    expect(after.target).toBe(segment.target);
    expect((await c.get(`/workbench/projects/${job.projectId}`)).html).toContain('This project is done.');
  });

  it('when the last project reaches Done the job is delivered and JOB_DELIVER fires once', async () => {
    const fr = job.more[0]!;
    await complete(fr.projectId, 0);
    await c.post(`/workbench/documents/${fr.documentId}/confirm-all`, { _csrf: csrf });
    for (const stage of [1, 2, 3]) {
      const res = await complete(fr.projectId, stage);
      expect(res.location, `stage ${stage}`).toContain(stage === 3 ? 'notice=delivered' : 'notice=advanced');
    }
    await p.idle();
    const delivered = events().filter((e) => e.type === 'JOB_DELIVER');
    expect(delivered).toEqual([
      { type: 'JOB_DELIVER', body: expect.objectContaining({ id: job.jobId, isDelivered: true }) },
    ]);
    const jobNow = await (await p.call(`/v2/jobs/${job.jobId}`)).json();
    expect(jobNow).toMatchObject({ status: 'delivered', deliveredAt: expect.any(String) });
    // Delivered jobs leave the list of active jobs.
    expect((await c.get('/workbench')).html).not.toContain(`id="job-${job.jobId}"`);
  });
});
