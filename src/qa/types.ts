/**
 * What `svc-connector qa` reports. The Finding shape is a contract: the GitHub check run turns
 * each finding into an annotation, and `--format json` prints them as they are.
 */
import type { RULES } from './rules/index.ts';

export type Severity = 'error' | 'warning' | 'notice';

/**
 * Stable rule ids (scripts and check runs filter on them): the registry's (src/qa/rules/), and
 * `parse-error` for a file that cannot be read.
 */
export type RuleId = (typeof RULES)[number]['id'] | 'parse-error';

export interface Finding {
  /** Repository-relative path of the target file, with `/` separators. */
  path: string;
  /** 1-based line in the target file where the unit's translation is (1 when it has none). */
  line: number;
  /** 1-based column (UTF-16 code units) in that line. */
  column: number;
  /** The unit's id in the file ('' for a finding about the whole file). */
  key: string;
  /** Target language, as the config names it. */
  lang: string;
  rule: RuleId;
  severity: Severity;
  message: string;
}

export interface QaReport {
  findings: Finding[];
  /** Target files read (existing ones), for the summary line. */
  files: number;
  /** Units compared, over every target. */
  units: number;
}

/** A finding about one unit, before the file, language and position are known. */
export interface UnitIssue {
  rule: RuleId;
  severity: Severity;
  message: string;
}

/** One concept of a termbase: its terms by language tag (lower-cased), deprecated ones left out. */
export interface TermEntry {
  terms: Map<string, string[]>;
}
