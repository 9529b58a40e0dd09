import { DomainList } from '../../src/api/schemas/domains.ts';
import type { ApiRegistry } from '../http/api-router.ts';
import { listDomains } from '../services/domains.ts';

/** GET /v3/domains (DESIGN §5, Domains): the same built-in list for every organization. */
export function domainRoutes(api: ApiRegistry): void {
  api.add({
    method: 'get',
    path: '/v3/domains',
    tag: 'Domains',
    summary:
      'The domains a job may name (domainId): subject areas with their MT models and file filters. ' +
      'The API key may also be sent in a `key` header',
    responses: { 200: { description: 'every domain', schema: DomainList } },
    handler: () => listDomains(),
  });
}
