import { describe, expect, it } from 'vitest';
import { recognise } from '../../receiver/events.ts';

const job = { OrganizationId: 1, id: 5, name: 'Release 2', due: null, isDelivered: false };

describe('recognise', () => {
  it('takes a known eventType whose payload fits', () => {
    expect(recognise({ ...job, isDelivered: true, eventType: 'JOB_DELIVER' })).toEqual({
      kind: 'event',
      type: 'JOB_DELIVER',
      named: true,
    });
    expect(recognise({ translationId: 3, fileId: '9', eventType: 'INSTANT_TRANSLATE_FAILED' })).toMatchObject(
      {
        type: 'INSTANT_TRANSLATE_FAILED',
      },
    );
  });

  it('tolerates fields a newer platform adds', () => {
    expect(recognise({ ...job, eventType: 'JOB_UPDATE', workflow: 'x' })).toMatchObject({ kind: 'event' });
  });

  it('ignores an unknown eventType, and a known one whose payload does not fit, saying why', () => {
    expect(recognise({ eventType: 'INVOICE_PAID' })).toEqual({
      kind: 'ignored',
      type: 'INVOICE_PAID',
      reason: 'unknown eventType "INVOICE_PAID"',
    });
    const bad = recognise({ eventType: 'JOB_DELIVER', OrganizationId: 1, id: 'five' });
    expect(bad).toMatchObject({ kind: 'ignored', type: 'JOB_DELIVER' });
    expect(bad.kind === 'ignored' && bad.reason).toMatch(/^JOB_DELIVER payload does not fit: id: /);
    expect(recognise({ eventType: 42 })).toMatchObject({ kind: 'ignored', type: 'unknown' });
  });

  it('recognises bodies without eventType by shape', () => {
    expect(recognise(job)).toMatchObject({ type: 'JOB_UPDATE', named: false });
    expect(recognise({ ...job, isDelivered: true, deliveredAt: '2024-05-01T10:00:00Z' })).toMatchObject({
      type: 'JOB_DELIVER',
    });
    expect(recognise({ OrganizationId: 1, id: 8, name: 'de', due: null })).toMatchObject({
      type: 'PROJECT_UPDATE',
    });
    expect(recognise({ OrganizationId: 1, id: 8 })).toMatchObject({ type: 'PROJECT_DELIVER' });
    expect(recognise({ translationId: 3, fileId: '9' })).toMatchObject({
      type: 'INSTANT_TRANSLATE_COMPLETED',
    });
  });

  it('lets the svc-event-type header choose only between the two instant types', () => {
    const instant = { translationId: 3, fileId: '9' };
    expect(recognise(instant, 'INSTANT_TRANSLATE_FAILED')).toMatchObject({
      type: 'INSTANT_TRANSLATE_FAILED',
    });
    expect(recognise(instant, 'JOB_DELIVER')).toMatchObject({ type: 'INSTANT_TRANSLATE_COMPLETED' });
    expect(recognise(job, 'JOB_DELIVER')).toMatchObject({ type: 'JOB_UPDATE' });
  });

  it('holds bodies without eventType to the platform schema: due an ISO date-time, fileId a string', () => {
    // The receiver once declared its own looser shapes (any string for due, a number for fileId).
    expect(recognise({ ...job, due: '2024-05-01T10:00:00Z' })).toMatchObject({ type: 'JOB_UPDATE' });
    expect(recognise({ ...job, due: 'next Tuesday' })).toMatchObject({ kind: 'ignored' });
    expect(recognise({ OrganizationId: 1, id: 8, name: 'de', due: 'soon' })).toMatchObject({
      kind: 'ignored',
    });
    expect(recognise({ translationId: 3, fileId: 9 })).toMatchObject({ kind: 'ignored' });
    // The same rules as a body that names its type.
    expect(
      recognise({ translationId: 3, fileId: 9, eventType: 'INSTANT_TRANSLATE_COMPLETED' }),
    ).toMatchObject({
      kind: 'ignored',
    });
  });

  it('ignores JSON that is no object or has no known shape', () => {
    for (const body of [null, 3, 'JOB_DELIVER', [job], {}, { ...job, extra: 1 }, { id: 1 }]) {
      expect(recognise(body)).toMatchObject({ kind: 'ignored' });
    }
  });
});
