import type { Transport } from '../http.ts';
import { WorkflowTemplate } from '../schemas/workflows.ts';
import type { CallExtras } from './common.ts';

/** Workflow templates: the stages projects go through. */
export function workflowsClient(t: Transport) {
  return {
    /** GET /v2/workflows/templates: the stages a job's projects may go through. */
    templates: (o: CallExtras = {}): Promise<WorkflowTemplate[]> =>
      t.request({ method: 'GET', path: '/v2/workflows/templates', schema: WorkflowTemplate.array(), ...o }),
  };
}

export type WorkflowsClient = ReturnType<typeof workflowsClient>;
