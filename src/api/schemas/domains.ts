import { z } from 'zod';

/** A domain (DESIGN §5, Domains): a subject area that selects MT models and file filters for a job. */
export const Domain = z
  .object({
    domainId: z.int(),
    domainName: z.string(),
    models: z.array(z.string()).describe('MT models used for jobs of this domain'),
    filterConfigs: z.array(z.string()).describe('file filter configurations available'),
    domainMetadata: z
      .object({
        description: z.string(),
        /** Whether jobs may name it (`domainId` on POST /v2/jobs). */
        selectable: z.boolean(),
      })
      .catchall(z.unknown())
      .describe('what the domain is for; further keys may be added'),
  })
  .meta({ id: 'Domain' });
export type Domain = z.infer<typeof Domain>;

/** GET /v3/domains. */
export const DomainList = z
  .object({ items: z.array(Domain), size: z.int().describe('how many items') })
  .meta({ id: 'DomainList' });
export type DomainList = z.infer<typeof DomainList>;
