/**
 * `ship:` in `.svc.yml` (issue 37): the language gates, as written and as ShipPolicy. A figure is
 * a percentage; `{ enter, leave }` gives the hysteresis (a number alone means enter = leave), and
 * `leave` above `enter` is refused: a language would leave the moment it entered.
 */
import { z } from 'zod';
import type { Gate, Threshold } from '../ship/gate.ts';
import type { ShipPolicy } from '../ship/policy.ts';
import { normalizePattern } from './patterns.ts';

const share = z
  .number({ error: 'must be a percentage from 0 to 100' })
  .min(0, 'must be a percentage from 0 to 100')
  .max(100, 'must be a percentage from 0 to 100');

const ThresholdSchema = z.union([
  share,
  z
    .strictObject({ enter: share, leave: share })
    .refine((t) => t.leave <= t.enter, 'leave must not be above enter (a language would leave as it enters)'),
]);

const GateSchema = z.strictObject({
  min_translated: ThresholdSchema.optional(),
  min_reviewed: ThresholdSchema.optional(),
  qa: z.enum(['errors', 'off'], { error: 'must be "errors" (no QA error may ship) or "off"' }).optional(),
});

const FileGateSchema = GateSchema.extend({ pattern: z.string().min(1, 'must not be empty') });

export const ShipSchema = GateSchema.extend({
  languages: z.record(z.string(), GateSchema).optional(),
  files: z.array(FileGateSchema).optional(),
});

export type RawShip = z.infer<typeof ShipSchema>;

export const SHIP_KEYS = {
  ship: Object.keys(ShipSchema.shape),
  'ship.files[]': Object.keys(FileGateSchema.shape),
} as const;

const threshold = (t: z.infer<typeof ThresholdSchema> | undefined): Threshold | undefined =>
  t === undefined ? undefined : typeof t === 'number' ? { enter: t, leave: t } : t;

function gate(raw: z.infer<typeof GateSchema>): Gate {
  return {
    minTranslated: threshold(raw.min_translated),
    minReviewed: threshold(raw.min_reviewed),
    qa: raw.qa,
  };
}

export function shipPolicyOf(raw: RawShip): ShipPolicy {
  return {
    gate: gate(raw),
    languages: Object.fromEntries(Object.entries(raw.languages ?? {}).map(([lang, g]) => [lang, gate(g)])),
    files: (raw.files ?? []).map((f) => ({ pattern: normalizePattern(f.pattern), gate: gate(f) })),
  };
}
