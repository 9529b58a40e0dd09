import type { DomainList } from '../../src/api/schemas/domains.ts';

/** The file filters domains offer; ids are stable, as a job or client may remember them. */
const FILTERS = {
  default: { id: 1, filterName: 'default', configDescription: 'Strings as the file format defines them' },
  icu: { id: 2, filterName: 'icu', configDescription: 'ICU MessageFormat syntax kept intact' },
  markdown: { id: 3, filterName: 'markdown', configDescription: 'Markdown structure kept intact' },
} as const;

type FilterName = keyof typeof FILTERS;

/** A domain's model is named for it and shares its id. */
const domain = (
  domainId: number,
  domainName: string,
  model: string,
  filters: FilterName[],
  description: string,
) =>
  ({
    domainId,
    domainName,
    model: { id: domainId, name: `offline-${model}` },
    filters,
    description,
  }) as const;

/**
 * The domains jobs can name (`domainId`): subject areas that select MT models and file filters.
 * GET /v3/domains lists them; a job presents its domain as `{id, name}`.
 */
export const DOMAINS = [
  domain(1, 'General', 'general', ['default'], 'Everyday text with no special vocabulary'),
  domain(
    2,
    'Software & UI',
    'software',
    ['default', 'icu'],
    'User interface strings, documentation and release notes; keeps placeholders and ICU syntax',
  ),
  domain(3, 'Legal', 'legal', ['default'], 'Contracts, terms of service and privacy policies'),
  domain(
    4,
    'Medical & Life sciences',
    'medical',
    ['default'],
    'Clinical, pharmaceutical and medical-device text',
  ),
  domain(
    5,
    'Marketing',
    'marketing',
    ['default', 'markdown'],
    'Campaigns, product pages and social media copy',
  ),
] as const;

export function domainById(id: number) {
  return DOMAINS.find((d) => d.domainId === id);
}

/**
 * The GET /v3/domains body in the real API's shapes (models and filter configurations as objects,
 * metadata as key/value entries), built afresh so a caller cannot change the built-in list.
 */
export function listDomains(): DomainList {
  const items = DOMAINS.map((d) => ({
    domainId: d.domainId,
    domainName: d.domainName,
    models: [
      {
        ...d.model,
        provider: 'offline',
        status: 'Active',
        srcLang: null,
        trgLang: null,
        srcLocale: null,
        trgLocale: null,
      },
    ],
    filterConfigs: d.filters.map((name, i) => ({
      ...FILTERS[name],
      isDefault: i === 0,
      configName: `${d.domainName}: ${name}`,
      segmentationConfigSetting: 'SENTENCE' as const,
    })),
    domainMetadata: [
      { id: d.domainId * 10 + 1, key: 'description', value: d.description },
      { id: d.domainId * 10 + 2, key: 'selectable', value: 'true' },
    ],
  }));
  return { items, size: items.length };
}
