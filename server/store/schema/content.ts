/** Content generation: generated contents, terms and preferences. Times are epoch milliseconds. */
import type { Generated } from 'kysely';

export interface ContentTermsTable {
  organization_id: number;
  signed_agreement: number;
  signed_at: number;
}

export interface ContentPreferencesTable {
  organization_id: number;
  /** JSON object: tone, styleguide and any further content fields saved with them. */
  preferences: string;
  updated_at: number;
}

export type ContentStatus = 'generating' | 'completed' | 'failed';

export interface ContentsTable {
  id: Generated<number>;
  organization_id: number;
  name: string | null;
  language: string;
  template: string;
  /** JSON object. */
  template_params: string;
  /** JSON object (the organization's preferences merged with the request's at generation). */
  preferences: string;
  status: ContentStatus;
  /** The whole generated text, once generation finished. */
  result: string | null;
  error: string | null;
  /** Which generator produced the result (`offline`, `openai:<model>`). */
  generator: string | null;
  /** Bumped by each regeneration; only the current generation records its outcome. */
  generation: Generated<number>;
  created_at: number;
  updated_at: number;
}
