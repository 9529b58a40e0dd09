import { describe, expect, it } from 'vitest';
import { allEventHandlers } from '../../receiver/handlers/all-events.ts';
import { createRegistry } from '../../receiver/handlers/registry.ts';
import { originOfGroup } from '../../receiver/pull-request-batch/group-key.ts';
import { receiverSettingsFromEnv } from '../../receiver/settings.ts';
import { EVENT_TYPES } from '../../src/api/schemas/webhooks.ts';
import { SECRET } from './support/index.ts';

describe('the event handlers registry', () => {
  it('has a handler for every event type the platform sends', () => {
    const registry = allEventHandlers();
    expect(EVENT_TYPES.filter((type) => !registry.handlerOf(type))).toEqual([]);
    expect(registry.handlerOf('SOMETHING_ELSE')).toBeUndefined();
  });

  it('refuses a second handler for one event type', () => {
    const registry = createRegistry();
    const handler = { group: async () => ({ recorded: 'x' }) };
    registry.on('JOB_DELIVER', handler);
    expect(() => registry.on('JOB_DELIVER', handler)).toThrow('[receiver] JOB_DELIVER already has a handler');
  });

  it('reads a group key back as repository and base, a base with @ included', () => {
    expect(originOfGroup('acme/app@release@2')).toEqual({ owner: 'acme', repo: 'app', ref: 'release@2' });
    expect(() => originOfGroup('acme@main')).toThrow('is not owner/repo@base');
  });
});

describe('the receiver settings', () => {
  const env = { SVC_WEBHOOK_SECRET: SECRET, SVC_API_KEY: 'svc_test', RECEIVER_ALLOWED_REPOS: 'acme/*' };

  it('are read once from flags and environment', () => {
    const settings = receiverSettingsFromEnv({ ...env, SVC_RECEIVER_POLL_MS: '20' }, { port: '0' });
    expect(settings).toMatchObject({
      port: 0,
      host: '127.0.0.1',
      databaseUrl: 'sqlite:./data/receiver.db',
      platform: { url: 'http://127.0.0.1:8080', apiKey: 'svc_test' },
      worker: { pollMs: 20 },
      github: { apiUrl: 'https://api.github.com' },
    });
    expect(settings.isAllowed('acme/app')).toBe(true);
    expect(settings.isAllowed('other/app')).toBe(false);
  });

  it('name what is missing or wrong', () => {
    expect(() => receiverSettingsFromEnv({ ...env, SVC_API_KEY: '' })).toThrow('SVC_API_KEY is not set');
    expect(() => receiverSettingsFromEnv({ ...env, RECEIVER_ALLOWED_REPOS: undefined })).toThrow(
      'RECEIVER_ALLOWED_REPOS is not set',
    );
    expect(() => receiverSettingsFromEnv({ ...env, SVC_RECEIVER_LEASE_MS: '1.5' })).toThrow(
      'SVC_RECEIVER_LEASE_MS must be a whole number of milliseconds, got "1.5"',
    );
  });
});
