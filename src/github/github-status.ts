/** GitHub answered with a status the caller may act on (404 file missing, 401 bad credentials). */
export function githubStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}
