import { recordedOnly } from './recorded.ts';

/** PROJECT_DELIVER: a project is done (its job's JOB_DELIVER brings the files); nothing to write, so it is recorded only. */
export const projectDeliver = recordedOnly('PROJECT_DELIVER');
