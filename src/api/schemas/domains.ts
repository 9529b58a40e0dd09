import { z } from 'zod';

/**
 * An MT model of a domain, with the real API's fields (its generated clients parse these strictly).
 * Our models translate any pair, so the language fields are null: "any".
 */
export const DomainModel = z
  .object({
    id: z.int(),
    name: z.string(),
    provider: z.string(),
    status: z.string().describe('e.g. Active'),
    srcLang: z.string().nullable().describe('null: any source language'),
    trgLang: z.string().nullable().describe('null: any target language'),
    srcLocale: z.string().nullable(),
    trgLocale: z.string().nullable(),
  })
  .meta({ id: 'DomainModel' });

/** A file filter configuration of a domain (the real API's FilterConfig, its fields that apply here). */
export const DomainFilterConfig = z
  .object({
    id: z.int(),
    isDefault: z.boolean(),
    filterName: z.string(),
    configName: z.string(),
    configDescription: z.string(),
    segmentationConfigSetting: z.enum(['SENTENCE']),
  })
  .meta({ id: 'DomainFilterConfig' });

/** One option configured for a domain: a key and its value, both strings as in the real API. */
export const DomainMetadataEntry = z
  .object({ id: z.int(), key: z.string(), value: z.string() })
  .meta({ id: 'DomainMetadata' });

/** A domain (DESIGN §5, Domains): a subject area that selects MT models and file filters for a job. */
export const Domain = z
  .object({
    domainId: z.int(),
    domainName: z.string(),
    models: z.array(DomainModel).describe('MT models used for jobs of this domain'),
    filterConfigs: z.array(DomainFilterConfig).describe('file filter configurations available'),
    domainMetadata: z
      .array(DomainMetadataEntry)
      .describe('what the domain is for (`description`) and whether jobs may name it (`selectable`: "true")'),
  })
  .meta({ id: 'Domain' });
export type Domain = z.infer<typeof Domain>;

/** GET /v3/domains. */
export const DomainList = z
  .object({ items: z.array(Domain), size: z.int().describe('how many items') })
  .meta({ id: 'DomainList' });
export type DomainList = z.infer<typeof DomainList>;
