/**
 * The identity provider's per-send cost as the number of live verification sessions grows: sends to
 * distinct numbers (each starts a session and is counted by the send limiter) in rising batches. With
 * sessions pruned in expiry order the time per send stays flat; walking every session per send made
 * 10k / 20k / 40k sends take 0.68 / 2.5 / 7.5 s (quadratic). In-process, no HTTP: only the provider.
 */
import { createApp } from '@chat/mock-server';

export interface IdentitySendsResult {
  /** Sends in the batch, its total seconds and microseconds per send. */
  batches: Array<{ sends: number; seconds: number; microsPerSend: number }>;
}

export async function benchIdentitySends(
  batchSizes: readonly number[],
  budgetMs: number,
): Promise<IdentitySendsResult> {
  const deadline = performance.now() + budgetMs;
  const batches: IdentitySendsResult['batches'] = [];
  for (const sends of batchSizes) {
    if (performance.now() > deadline) break;
    const server = createApp();
    const { identity } = server;
    const started = performance.now();
    for (let i = 0; i < sends; i += 1) {
      const phoneNumber = `+1212${String(i).padStart(7, '0')}`;
      identity.sendCode(phoneNumber, identity.issueBotCheckToken().token);
    }
    const seconds = (performance.now() - started) / 1000;
    await server.close();
    batches.push({ sends, seconds, microsPerSend: (seconds * 1e6) / sends });
  }
  return { batches };
}
