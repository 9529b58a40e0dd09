/**
 * The built-in content templates: what each is, its default length and the sections it has when
 * the request names none. Generators read these; the parameters are documented on the shared
 * TemplateParams schema.
 */
import type { ContentTemplateName } from '../../../src/api/schemas/content.ts';

/** A section a template has by default, by role: generators word it in the target language. */
export type SectionRole = 'introduction' | 'details' | 'benefits' | 'nextSteps' | 'conclusion';

export interface ContentTemplate {
  name: ContentTemplateName;
  /** What to write, as an instruction: "a blog post". */
  kind: string;
  /** Default `contentLength` in words. */
  defaultLength: number;
  /** Sections when `templateParams.sections` is absent (roles, in order). */
  defaultSections: readonly SectionRole[];
  /** Whether `sections` become headings (an e-mail or a post has none: they become paragraphs). */
  headings: boolean;
}

export const TEMPLATES: Record<ContentTemplateName, ContentTemplate> = {
  'blog-post': {
    name: 'blog-post',
    kind: 'a blog post with a title and a heading per section',
    defaultLength: 600,
    defaultSections: ['introduction', 'details', 'benefits', 'conclusion'],
    headings: true,
  },
  'product-description': {
    name: 'product-description',
    kind: 'a product description: a short introduction, a list of key features and a closing line',
    defaultLength: 150,
    defaultSections: ['details'],
    headings: false,
  },
  email: {
    name: 'email',
    kind: 'an e-mail with a subject line, a greeting, the body, a call to action and a sign-off',
    defaultLength: 200,
    defaultSections: ['details', 'nextSteps'],
    headings: false,
  },
  'social-post': {
    name: 'social-post',
    kind: 'a social media post, short and direct, ending with hashtags',
    defaultLength: 40,
    defaultSections: [],
    headings: false,
  },
  'press-release': {
    name: 'press-release',
    kind: 'a press release: headline, dateline, body, a quotation and an "About" paragraph',
    defaultLength: 450,
    defaultSections: ['details', 'benefits'],
    headings: true,
  },
};

/** The template of a name that passed validation. */
export function templateOf(name: string): ContentTemplate {
  const template = TEMPLATES[name as ContentTemplateName];
  if (!template) throw new TypeError(`[content] unknown template ${JSON.stringify(name)}`);
  return template;
}
