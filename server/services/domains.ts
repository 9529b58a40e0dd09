import type { DomainList } from '../../src/api/schemas/domains.ts';

/**
 * The domains jobs can name (`domainId`): subject areas that select MT models and file filters.
 * GET /v3/domains lists them; a job presents its domain as `{id, name}`.
 */
export const DOMAINS = [
  {
    domainId: 1,
    domainName: 'General',
    models: ['offline-general'],
    filterConfigs: ['default'],
    domainMetadata: { description: 'Everyday text with no special vocabulary', selectable: true },
  },
  {
    domainId: 2,
    domainName: 'Software & UI',
    models: ['offline-software'],
    filterConfigs: ['default', 'icu'],
    domainMetadata: {
      description:
        'User interface strings, documentation and release notes; keeps placeholders and ICU syntax',
      selectable: true,
    },
  },
  {
    domainId: 3,
    domainName: 'Legal',
    models: ['offline-legal'],
    filterConfigs: ['default'],
    domainMetadata: { description: 'Contracts, terms of service and privacy policies', selectable: true },
  },
  {
    domainId: 4,
    domainName: 'Medical & Life sciences',
    models: ['offline-medical'],
    filterConfigs: ['default'],
    domainMetadata: {
      description: 'Clinical, pharmaceutical and medical-device text',
      selectable: true,
    },
  },
  {
    domainId: 5,
    domainName: 'Marketing',
    models: ['offline-marketing'],
    filterConfigs: ['default', 'markdown'],
    domainMetadata: { description: 'Campaigns, product pages and social media copy', selectable: true },
  },
] as const;

export function domainById(id: number) {
  return DOMAINS.find((d) => d.domainId === id);
}

/** The GET /v3/domains body: every domain, copied so a caller cannot change the built-in list. */
export function listDomains(): DomainList {
  const items = DOMAINS.map((d) => ({
    domainId: d.domainId,
    domainName: d.domainName,
    models: [...d.models],
    filterConfigs: [...d.filterConfigs],
    domainMetadata: { ...d.domainMetadata },
  }));
  return { items, size: items.length };
}
