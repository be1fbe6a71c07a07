/**
 * How the chat service stops on SIGTERM (Cloud Run, `docker stop`) or SIGINT (Ctrl-C): it stops
 * taking turns at once (503 with `Retry-After`), lets the turns in flight finish or cuts them
 * (@chat/server-http's drain.ts), then closes the server and exits. Whatever is still running at the
 * drain's deadline is left to the next turn of its conversation (abandoned-replies.ts): the process
 * exits anyway, before Cloud Run's SIGKILL.
 */
import type { Server } from 'node:http';
import { closeIdleConnectionsUntilClosed, type Drain, type DrainTimes } from '@chat/server-http';
import type { Logger } from 'pino';

export function stopOnSignals(server: Server, drain: Drain, times: DrainTimes, logger: Logger): void {
  const stop = (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'chat service stopping: no new turns; ending the turns in flight');
    // A cut whose write hangs must not keep the process past the deadline.
    setTimeout(() => process.exit(1), times.deadlineMs + 500).unref();
    void drain.drain().then((outcome) => {
      logger.info(outcome, 'turns ended; closing');
      server.close(() => {
        logger.info('chat service stopped');
        process.exit(0);
      });
      closeIdleConnectionsUntilClosed(server);
    });
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
