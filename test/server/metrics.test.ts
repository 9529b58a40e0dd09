import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(() => platform.close());

describe('GET /metrics on the platform', () => {
  it('counts requests by route pattern and status, without tenants, keys or concrete ids', async () => {
    expect((await platform.call('/v2/jobs')).status).toBe(200);
    expect((await platform.call('/v2/jobs/424242')).status).toBe(404);
    expect((await platform.call('/v2/jobs', { key: null })).status).toBe(401);
    expect((await platform.call('/no/such/route')).status).toBe(404);

    const response = await fetch(`${platform.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/^svc_http_requests_total\{method="GET",route="\/v2\/jobs",status="200"\} 1$/m);
    expect(text).toMatch(/^svc_http_requests_total\{method="GET",route="\/v2\/jobs\/:id",status="404"\} 1$/m);
    expect(text).toMatch(/^svc_http_requests_total\{method="GET",route="\/v2\/jobs",status="401"\} 1$/m);
    expect(text).toMatch(/^svc_http_requests_total\{method="GET",route="unmatched",status="404"\} 1$/m);
    expect(text).toMatch(/^svc_http_request_duration_seconds_count\{method="GET",route="\/v2\/jobs"\} 2$/m);
    expect(text).toMatch(/^svc_work_items\{status="queued"\} \d+$/m);
    expect(text).toMatch(/^svc_webhook_deliveries\{status="failed"\} 0$/m);
    expect(text).toMatch(/^svc_process_resident_memory_bytes \d+/m);
    expect(text).not.toContain('424242');
    expect(text).not.toContain(platform.key);
    expect(text).not.toContain('svc_' + platform.key.slice(4, 12));
  });
});
