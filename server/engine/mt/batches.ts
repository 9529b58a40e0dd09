/**
 * Splitting segments into provider requests: providers cap both how many segments and how many
 * characters one request may carry (LLM context and output limits, LibreTranslate's char_limit).
 */
export interface BatchLimits {
  /** Most segments per request (at least 1). */
  segments: number;
  /** Most characters per request; a single longer segment still goes, alone. */
  characters: number;
}

/** Groups consecutive segment indices into batches within `limits`, keeping the order. */
export function batches(sources: readonly string[], limits: BatchLimits): number[][] {
  const out: number[][] = [];
  let current: number[] = [];
  let chars = 0;
  sources.forEach((source, i) => {
    const full = current.length >= limits.segments || chars + source.length > limits.characters;
    if (current.length > 0 && full) {
      out.push(current);
      current = [];
      chars = 0;
    }
    current.push(i);
    chars += source.length;
  });
  if (current.length > 0) out.push(current);
  return out;
}
