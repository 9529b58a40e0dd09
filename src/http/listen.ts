import type { Server } from 'node:net';

/** The port asked for is taken; the message names the option that picks another. */
export class PortInUseError extends Error {
  override name = 'PortInUseError';
  readonly port: number;
  constructor(port: number, option = '--port') {
    super(`port ${port} is in use (use ${option})`);
    this.port = port;
  }
}

/** `server.listen` as a promise; a port in use is a PortInUseError, not a bare EADDRINUSE. */
export function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port) : error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

/**
 * Fails with PortInUseError when `port` cannot be bound on `host` right now; the CLI checks before
 * it loads the server, so a busy port is reported at once. Port 0 always passes.
 */
export async function assertPortFree(port: number, host: string, option = '--port'): Promise<void> {
  if (port === 0) return;
  const { createServer } = await import('node:net');
  const probe = createServer();
  try {
    await listen(probe, port, host);
  } catch (error) {
    throw error instanceof PortInUseError ? new PortInUseError(port, option) : error;
  }
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}
