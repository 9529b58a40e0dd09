/**
 * `npm run soak` (node bench/soak/run.ts): SOAK_MINUTES (default 10) of Action → platform →
 * receiver loops with restarts, then one JSON line on stdout; progress on stderr. Exits 1 when
 * anything was lost, memory did not stay flat, or a service crashed (each listed on stderr).
 * SOAK_LANES, SOAK_RESTART_SECONDS and SOAK_SEED change the shape of the run.
 */
import { runSoak } from './soak.ts';

const number = (name: string, fallback: number) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return n;
};

const { report, problems } = await runSoak({
  minutes: number('SOAK_MINUTES', 10),
  lanes: Math.round(number('SOAK_LANES', 3)),
  restartEveryMs: number('SOAK_RESTART_SECONDS', 30) * 1000,
  seed: Math.round(number('SOAK_SEED', 11)),
});
for (const line of problems) process.stderr.write(`soak: FAIL ${line}\n`);
process.stdout.write(`${JSON.stringify(report)}\n`);
if (problems.length > 0) process.exitCode = 1;
