import { z } from 'zod';
import { resourceId } from './common.ts';

const isoDateTime = z.iso.datetime({ offset: true });

/** POST /v2/api-keys body; no other field is accepted (spec, Create-key request). */
export const CreateApiKeyRequest = z
  .strictObject({
    name: z
      .string()
      .min(1, 'must not be empty')
      .max(255, 'must be at most 255 characters')
      .refine((s) => s.trim() !== '', 'must not be blank'),
    expiresAt: isoDateTime.optional().describe('ISO 8601, in the future; omit for a key that never expires'),
    userId: resourceId.optional().describe('create the key for another user of this organization (admins)'),
  })
  .meta({ id: 'CreateApiKeyRequest' });

/** The create result; `key` is shown this once only. */
export const ApiKeyCreated = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string(),
    key: z.string().regex(/^svc_[0-9a-f]{40}$/),
    createdAt: isoDateTime,
    expiresAt: isoDateTime.nullable().optional(),
    ownerEmail: z.string().nullable().optional(),
    ownerUserId: z.int().nullable().optional(),
  })
  .meta({ id: 'ApiKeyCreated' });

/** The rotate result: the create result without the owner fields. */
export const ApiKeyRotated = ApiKeyCreated.omit({ ownerEmail: true, ownerUserId: true }).meta({
  id: 'ApiKeyRotated',
});

/** A stored key as listed and read — never the key itself. */
export const ApiKeyRecord = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string(),
    createdAt: isoDateTime,
    expiresAt: isoDateTime.nullable(),
    lastUsedAt: isoDateTime.nullable(),
    revokedAt: isoDateTime.nullable(),
  })
  .meta({ id: 'ApiKeyRecord' });

export const ApiKeyIdParams = z.object({ id: z.string().min(1).max(64) });

export type CreateApiKeyRequest = z.infer<typeof CreateApiKeyRequest>;
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;
export type ApiKeyRotated = z.infer<typeof ApiKeyRotated>;
export type ApiKeyRecord = z.infer<typeof ApiKeyRecord>;
