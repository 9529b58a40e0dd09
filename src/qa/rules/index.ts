/**
 * Every QA rule, in the order a unit's findings are listed. Adding a rule: one file in this folder
 * (`defineRule({ id, severity, check })`) and one line here; its id joins RuleId by itself.
 */
import { icuSyntax } from './icu-syntax.ts';
import { lengthLimit } from './length-limit.ts';
import { messageformatSyntax } from './messageformat-syntax.ts';
import { placeholderExtra } from './placeholder-extra.ts';
import { placeholderMissing } from './placeholder-missing.ts';
import { placeholderOrder } from './placeholder-order.ts';
import { placeholderRenamed } from './placeholder-renamed.ts';
import { pluralCategories } from './plural-categories.ts';
import { term } from './term.ts';
import { untranslated } from './untranslated.ts';

export const RULES = [
  untranslated,
  placeholderMissing,
  placeholderExtra,
  placeholderRenamed,
  placeholderOrder,
  icuSyntax,
  messageformatSyntax,
  pluralCategories,
  lengthLimit,
  term,
] as const;
