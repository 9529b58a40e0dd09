/** Usage counters per organization, day and metric. */
import { sql } from 'kysely';
import type { Db } from './db.ts';

/** Adds `amount` to the organization's counter of `metric` on `day` (YYYY-MM-DD). */
export async function addUsage(db: Db, organizationId: number, day: string, metric: string, amount: number) {
  await db
    .insertInto('usage')
    .values({ organization_id: organizationId, day, metric, amount })
    .onConflict((oc) =>
      oc
        .columns(['organization_id', 'day', 'metric'])
        .doUpdateSet({ amount: sql<number>`usage.amount + ${amount}` }),
    )
    .execute();
}
