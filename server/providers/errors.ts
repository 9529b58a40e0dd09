/** Turning a provider's failures into short messages fit for a status record or a log line. */

/** The useful part of a fetch failure: undici puts the system error (ECONNREFUSED…) in `cause`. */
export function fetchFailureReason(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error)
    return `${(cause as NodeJS.ErrnoException).code ?? cause.name}: ${cause.message}`;
  return error instanceof Error ? error.message : String(error);
}

/** Text on one line, cut at `max` characters. */
export function clipMessage(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}
