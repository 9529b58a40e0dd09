/**
 * The domains jobs can name (`domainId`): subject areas that select MT models and file filters.
 * GET /v3/domains lists them; a job presents its domain as `{id, name}`.
 */
export const DOMAINS = [
  { domainId: 1, domainName: 'General', models: ['offline-general'], filterConfigs: ['default'] },
  {
    domainId: 2,
    domainName: 'Software & UI',
    models: ['offline-software'],
    filterConfigs: ['default', 'icu'],
  },
  { domainId: 3, domainName: 'Legal', models: ['offline-legal'], filterConfigs: ['default'] },
  {
    domainId: 4,
    domainName: 'Medical & Life sciences',
    models: ['offline-medical'],
    filterConfigs: ['default'],
  },
  {
    domainId: 5,
    domainName: 'Marketing',
    models: ['offline-marketing'],
    filterConfigs: ['default', 'markdown'],
  },
] as const;

export function domainById(id: number) {
  return DOMAINS.find((d) => d.domainId === id);
}
