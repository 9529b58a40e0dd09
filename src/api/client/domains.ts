import type { Transport } from '../http.ts';
import { DomainList } from '../schemas/domains.ts';
import type { CallExtras } from './common.ts';

/** Domains: the subject areas a job may name (`domainId`). */
export function domainsClient(t: Transport) {
  return {
    /** GET /v3/domains: every domain with its MT models, filter configurations and metadata. */
    list: (o: CallExtras = {}): Promise<DomainList> =>
      t.request({ method: 'GET', path: '/v3/domains', schema: DomainList, ...o }),
  };
}

export type DomainsClient = ReturnType<typeof domainsClient>;
