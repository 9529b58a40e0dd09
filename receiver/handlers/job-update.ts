import { recordedOnly } from './recorded.ts';

/** JOB_UPDATE: a job was created, renamed or changed state; nothing to write, so it is recorded only. */
export const jobUpdate = recordedOnly('JOB_UPDATE');
