import { z } from 'zod';
import { languageCode, queryBoolean, queryId, regionCode, resourceId, wholeNumber } from './common.ts';

const dateTime = z.iso.datetime({ offset: true });

export const ProjectStats = z
  .object({
    id: z.int(),
    srcLang: z.string(),
    srcLocale: z.string().nullable(),
    trgLang: z.string(),
    trgLocale: z.string().nullable(),
    name: z.string(),
    due: dateTime.nullable(),
    createdAt: dateTime,
    updatedAt: dateTime,
    isComplete: z.boolean(),
    isArchived: z.boolean(),
    isDeleted: z.boolean(),
    state: z.enum(['backlog', 'inProgress', 'inReview', 'inQA', 'done']),
    numSourceTokens: z.int(),
    memoryId: z.int(),
    workflowStatus: z.string(),
    workflowName: z.string(),
  })
  .meta({ id: 'JobProjectStats' });

export const JobStats = z
  .object({
    exactWords: z.number(),
    fuzzyWords: z.number(),
    newWords: z.number(),
    numDeliveredProjects: z.number(),
    numLanguagePairs: z.number(),
    numProjects: z.number(),
    percentReviewed: z.number(),
    percentTranslated: z.number(),
    sourceWords: z.number(),
    uniqueLanguagePairs: z.number(),
    uniqueLinguists: z.number(),
    workflowStatus: z.string(),
    projects: z.array(ProjectStats),
  })
  .meta({ id: 'JobStats' });

/** A job (spec, Job). */
export const Job = z
  .object({
    id: z.int(),
    name: z.string(),
    creationStatus: z.enum(['PENDING', 'COMPLETE', 'FAILED']),
    status: z.enum(['archived', 'delivered', 'active']),
    due: dateTime.nullable(),
    deliveredAt: dateTime.nullable(),
    isProcessing: z.int(),
    exportError: z.string().nullable().optional(),
    stats: JobStats,
    domains: z.array(z.object({ id: z.int(), name: z.string() })),
  })
  .meta({ id: 'Job' });

export const LanguagePair = z
  .object({
    srcLang: languageCode.optional(),
    srcLocale: regionCode.optional(),
    trgLang: languageCode,
    trgLocale: regionCode.optional(),
    memoryId: resourceId,
  })
  .meta({ id: 'LanguagePair' });

export const CreateJobRequest = z
  .object({
    name: z.string().min(1, 'must not be empty').max(255),
    languagePairs: z.array(LanguagePair).min(1, 'give at least one language pair'),
    fileIds: z.array(resourceId).min(1, 'give at least one uploaded file id'),
    due: dateTime.optional(),
    srcLang: languageCode,
    srcLocale: regionCode.optional(),
    isPlural: z.boolean().optional(),
    workflowTemplateId: resourceId.optional(),
    domainId: resourceId.optional(),
  })
  .meta({ id: 'CreateJobRequest' });

export const UpdateJobRequest = z
  .object({ name: z.string().min(1).max(255).optional(), due: dateTime.nullable().optional() })
  .refine((v) => v.name !== undefined || v.due !== undefined, 'give name and/or due')
  .meta({ id: 'UpdateJobRequest', anyOf: [{ required: ['name'] }, { required: ['due'] }] });

export const ListJobsQuery = z.object({
  isArchived: queryBoolean.optional(),
  isDelivered: queryBoolean.optional(),
  offset: wholeNumber(z.int().min(0, 'offset must be 0 or more')).default(0),
  limit: wholeNumber(z.int().min(1).max(50, 'limit must be at most 50')).default(25),
});

export const JobIdParams = z.object({ id: queryId });
export const ExportQuery = z.object({ type: z.enum(['files']).default('files') });

export type Job = z.infer<typeof Job>;
export type CreateJobRequest = z.infer<typeof CreateJobRequest>;
