import { z } from 'zod';
import { queryId } from './common.ts';
import { LANGUAGE_ALTERNATION } from './language-codes.ts';

const dateTime = z.iso.datetime({ offset: true });

/** The built-in templates (`template`); their parameters are documented on TemplateParams. */
export const CONTENT_TEMPLATES = [
  'blog-post',
  'product-description',
  'email',
  'social-post',
  'press-release',
] as const;
export type ContentTemplateName = (typeof CONTENT_TEMPLATES)[number];

/** `templateParams.contentLength` bounds, in words. */
export const CONTENT_LENGTH = { min: 20, max: 5000 } as const;

/** Every prompt text must stay below this many characters (spec, Limits: "Content prompt"). */
export const PROMPT_LIMIT = 500;

/** Characters as a reader counts them (code points), so an emoji is one, not two. */
export const promptLength = (text: string): number => {
  let n = 0;
  for (const _ of text) n++;
  return n;
};

/** Free text that ends up in the prompt: below PROMPT_LIMIT characters. */
const promptText = z
  .string()
  .refine((s) => promptLength(s) < PROMPT_LIMIT, {
    error: (issue) => `must be below ${PROMPT_LIMIT} characters, got ${promptLength(String(issue.input))}`,
  })
  // JSON Schema counts code points too.
  .meta({ maxLength: PROMPT_LIMIT - 1 });

const textList = (max: number) => z.array(promptText).max(max, `at most ${max} entries`);

/** Keys beyond the documented ones are kept and passed to the generator: flat prompt values only. */
const extraValue = z.union([promptText, z.number(), z.boolean(), z.null(), textList(50)], {
  error: 'must be a string below 500 characters, a number, a boolean, null or an array of strings',
});

/**
 * A language tag: an ISO 639-1 code, optionally with a region (`de`, `pt-BR`); the service checks
 * the code against the catalogue, and the document lists the catalogue's codes in its pattern.
 */
const languageTag = z
  .string()
  .regex(/^[a-zA-Z]{2}([-_]([a-zA-Z]{2}|\d{3}))?$/, 'must be a language code like "de" or "pt-BR"')
  .meta({
    jsonSchema: { type: 'string', pattern: `^(${LANGUAGE_ALTERNATION})([-_]([a-zA-Z]{2}|[0-9]{3}))?$` },
  });

/** Words, as a number; digits in a string are taken too, but documented is the number. */
const contentLength = z
  .union([z.number(), z.string().regex(/^\d+$/, 'must be a whole number of words').transform(Number)])
  .pipe(
    z
      .int('must be a whole number of words')
      .min(CONTENT_LENGTH.min, `must be at least ${CONTENT_LENGTH.min} words`)
      .max(CONTENT_LENGTH.max, `must be at most ${CONTENT_LENGTH.max} words`),
  )
  .meta({ jsonSchema: { type: 'integer', minimum: CONTENT_LENGTH.min, maximum: CONTENT_LENGTH.max } });

/**
 * Parameters of a template. `summary` is required by every template; the others are optional and
 * used by the templates named in their description. Further keys are kept and given to the
 * generator as extra instructions.
 */
export const TemplateParams = z
  .object({
    summary: promptText
      .refine((s) => s.trim() !== '', 'must say what the content is about')
      .meta({ pattern: '^[^\\u0000]*[^\\s\\u0000][^\\u0000]*$' })
      .describe('what the content is about; below 500 characters (all templates)'),
    contentLength: contentLength
      .optional()
      .describe(
        `target length in words, ${CONTENT_LENGTH.min} to ${CONTENT_LENGTH.max}; default per template: ` +
          'blog-post 600, product-description 150, email 200, social-post 40, press-release 450',
      ),
    language: languageTag
      .optional()
      .describe('the language the summary and other parameters are written in, if not the target'),
    sections: textList(30)
      .optional()
      .describe('section headings, in order (blog-post, email, press-release); defaults per template'),
    prompt: promptText.optional().describe('further free-text instructions; below 500 characters'),
    audience: promptText.optional().describe('who will read it (all templates)'),
    keywords: textList(20).optional().describe('words to work in (blog-post, product-description)'),
    productName: promptText.optional().describe('the product (product-description)'),
    features: textList(20).optional().describe('features to list (product-description)'),
    recipient: promptText.optional().describe('whom the e-mail greets (email)'),
    callToAction: promptText.optional().describe('what the reader should do next (email, social-post)'),
    platform: promptText.optional().describe('where the post appears, e.g. LinkedIn (social-post)'),
    hashtags: textList(10).optional().describe('hashtags without # (social-post)'),
    company: promptText.optional().describe('the company announcing (press-release)'),
    location: promptText.optional().describe('dateline city (press-release)'),
    quote: promptText.optional().describe('a quotation to include (press-release)'),
  })
  .catchall(extraValue)
  .meta({ id: 'ContentTemplateParams' });
export type TemplateParams = z.output<typeof TemplateParams>;

/** Tone and style guide; further keys are kept and given to the generator. */
export const ContentPreferences = z
  .object({
    tone: promptText
      .optional()
      .describe('e.g. neutral, formal, friendly, enthusiastic; below 500 characters'),
    styleguide: promptText.optional().describe('style rules to follow; below 500 characters'),
  })
  .catchall(extraValue)
  .meta({ id: 'ContentPreferences' });
export type ContentPreferences = z.output<typeof ContentPreferences>;

const template = z.enum(CONTENT_TEMPLATES, {
  error: (issue) => `unknown template ${JSON.stringify(issue.input)}; known: ${CONTENT_TEMPLATES.join(', ')}`,
});
const name = z.string().max(255, 'must be at most 255 characters');

/** POST /v2/create. */
export const CreateContentRequest = z
  .object({
    name: name.optional(),
    language: languageTag.describe('the language to write in'),
    template,
    templateParams: TemplateParams,
    preferences: ContentPreferences.optional().describe(
      "override the organization's stored preferences for this content",
    ),
  })
  .meta({ id: 'CreateContentRequest' });
export type CreateContentRequest = z.output<typeof CreateContentRequest>;

/** PUT /v2/create/{contentId}: the fields given change; `id`, when sent, must be the path's. */
export const UpdateContentRequest = z
  .object({
    id: z.int().optional(),
    name: name.nullable().optional(),
    language: languageTag.optional(),
    template: template.optional(),
    templateParams: TemplateParams.optional(),
    preferences: ContentPreferences.optional(),
  })
  .meta({ id: 'UpdateContentRequest' });
export type UpdateContentRequest = z.output<typeof UpdateContentRequest>;

/** A generated content record. */
export const Content = z
  .object({
    id: z.int(),
    name: z.string().nullable(),
    language: z.string(),
    template: z.string(),
    templateParams: z.record(z.string(), z.unknown()),
    preferences: z
      .record(z.string(), z.unknown())
      .describe('as used: stored preferences, then the request’s'),
    status: z.enum(['generating', 'completed', 'failed']),
    content: z.string().nullable().describe('the generated text; null until generation completes'),
    error: z.string().optional().describe('why generation failed'),
    generator: z.string().nullable().describe('what wrote it: `offline` (the stand-in) or `openai:<model>`'),
    createdAt: dateTime,
    updatedAt: dateTime,
  })
  .meta({ id: 'Content' });
export type Content = z.infer<typeof Content>;

export const ContentList = z.object({ contents: z.array(Content) }).meta({ id: 'ContentList' });
export const ContentIdParams = z.object({ contentId: queryId });
export const DeletedContent = z.object({ id: z.int() });

/** POST /v2/create/terms-and-conditions (answered with the same data). */
export const ContentTerms = z.object({ signedAgreement: z.boolean() }).meta({ id: 'ContentTerms' });
export type ContentTerms = z.infer<typeof ContentTerms>;

/**
 * PUT /v2/create/preferences: tone and style guide, plus content fields (name, language, template,
 * templateParams) kept with them as the spec's example sends them. The body replaces what was stored.
 */
export const PreferencesUpdate = ContentPreferences.extend({
  name: name.optional(),
  language: languageTag.optional(),
  template: template.optional(),
  templateParams: TemplateParams.partial().optional(),
}).meta({ id: 'ContentPreferencesUpdate' });

/** Stored preferences as read back (GET, POST and PUT /v2/create/preferences). */
export const StoredPreferences = z.record(z.string(), z.unknown()).meta({ id: 'StoredContentPreferences' });

/** Data of a `message` event and of the `fullcontent` event. */
export const ContentText = z.object({ text: z.string() });
/** Data of an `error` event: generation failed after the stream opened. */
export const ContentStreamError = z.object({ message: z.string() });
