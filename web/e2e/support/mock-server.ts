/**
 * The one mock server of an e2e run, built in-process with createApp on an ephemeral port on
 * 127.0.0.1. Replies stream in small chunks so a journey can watch one grow; rate limits are the
 * server's generous test defaults.
 */
import { createApp } from '@chat/mock-server';

/** Small and slow enough that a reply of a few hundred characters takes several frames to arrive. */
export const STREAMING = { chunkChars: 12, intervalMs: 20 };

export interface RunningMockServer {
  url: string;
  close(): Promise<void>;
}

export async function startMockServer(options: { webOrigin: string }): Promise<RunningMockServer> {
  const server = createApp({ corsOrigins: [options.webOrigin], streaming: STREAMING });
  const { url } = await server.listen(0, '127.0.0.1');
  return {
    url,
    async close() {
      const closing = server.close();
      // A request still open when the run ends (a test that failed mid-call) must not hold the run open.
      const cutoff = setTimeout(() => server.httpServer.closeAllConnections(), 2_000);
      cutoff.unref();
      await closing;
      clearTimeout(cutoff);
    },
  };
}
