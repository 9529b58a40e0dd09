/**
 * Context a repository sends with its files (issue 38): the lines of code that use each unit's
 * key, and the keys a screenshot shows with their boxes. Where the spec is silent; see
 * docs/api-differences.md.
 */
import { z } from 'zod';
import { MAX_ID } from './common.ts';
import { FILE_NAME_PATTERN, fileNameProblem } from './paths.ts';

/** Counts, lines and pixels are stored in 32-bit integer columns. */
const int32 = (min: number) => z.int().min(min).max(MAX_ID);

const repoPath = z
  .string()
  .max(1024)
  .superRefine((name, ctx) => {
    const problem = fileNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({ pattern: FILE_NAME_PATTERN });

/** Links kept per unit: the first uses in path and line order. */
export const MAX_CODE_LINKS = 5;
/** Units per code-links request; a client sends larger files in several. */
export const MAX_CODE_LINK_UNITS = 2000;
/** Keys one screenshot may name. */
export const MAX_SCREENSHOT_KEYS = 1000;

const unitKey = z.string().min(1, 'must not be empty').max(1000);

/** PUT /v2/files/code-links: where a source file's unit keys are used in the repository's code. */
export const CodeLinksBody = z
  .strictObject({
    repository: z
      .string()
      .max(500)
      // A host (and port), then path segments: no query, fragment, credentials or trailing /.
      .regex(
        /^https:\/\/[A-Za-z0-9.-]+(:[0-9]{1,5})?(\/[^\s/?#@\\]+)+$/,
        'must be the https URL of the repository, like https://github.com/o/r',
      ),
    commit: z.string().regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/, 'must be a full commit SHA (40 hex digits)'),
    units: z
      .array(
        z.strictObject({
          id: unitKey,
          total: int32(1),
          links: z
            .array(z.strictObject({ path: repoPath, line: int32(1) }))
            .min(1)
            .max(MAX_CODE_LINKS),
        }),
      )
      .max(MAX_CODE_LINK_UNITS),
  })
  .meta({ id: 'CodeLinks' });

/** One stored link, as the workbench and the document export show it. */
export interface CodeLink {
  path: string;
  line: number;
  url: string;
}

export const Box = z
  .strictObject({ x: int32(0), y: int32(0), w: int32(1), h: int32(1) })
  .meta({ id: 'Box', description: 'a rectangle in image pixels, from the top-left corner' });
export type Box = z.infer<typeof Box>;

export const ScreenshotKey = z.strictObject({ key: unitKey, box: Box.optional() });
export type ScreenshotKey = z.infer<typeof ScreenshotKey>;

/** PUT /v2/files/screenshot: marks a REFERENCE PNG file as a screenshot of these keys. */
export const ScreenshotBody = z
  .strictObject({
    keys: z.array(ScreenshotKey).min(1, 'must name at least one key').max(MAX_SCREENSHOT_KEYS),
  })
  .meta({ id: 'ScreenshotKeys' });

/** What a file record says about a screenshot: its size and the keys it shows. */
export const ScreenshotInfo = z
  .object({ width: z.int(), height: z.int(), keys: z.array(ScreenshotKey) })
  .meta({ id: 'Screenshot' });
export type ScreenshotInfo = z.infer<typeof ScreenshotInfo>;
