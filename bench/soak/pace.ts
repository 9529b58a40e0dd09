/** How fast the loops go, to see whether they slow down as the soak's data grows. */
export interface LoopTiming {
  /** Date.now() when the loop's result was on the pull request. */
  endedAt: number;
  /** From the change to its result on the pull request, waiting for the Action's turn included. */
  loopMs: number;
  /** The Action's run (checkout included). */
  actionMs: number;
  /** From the Action's end to the result on the pull request. */
  deliveryMs: number;
}

export interface Pace {
  loops: number;
  loop_p50_s: number;
  action_p50_s: number;
  delivery_p50_s: number;
}

const p50 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[(sorted.length - 1) >> 1]!;
};
const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** Loops that ended in [from, to) and their median times. */
export function paceBetween(timings: LoopTiming[], from: number, to: number): Pace {
  const inside = timings.filter((t) => t.endedAt >= from && t.endedAt < to);
  return {
    loops: inside.length,
    loop_p50_s: seconds(p50(inside.map((t) => t.loopMs))),
    action_p50_s: seconds(p50(inside.map((t) => t.actionMs))),
    delivery_p50_s: seconds(p50(inside.map((t) => t.deliveryMs))),
  };
}
