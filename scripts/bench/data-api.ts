/** Data API throughput and latency: many addMessage POSTs with a fixed number in flight (in-memory store). */
import { createConversation, postMessage, startBenchServer } from './bench-server.js';
import { runPool, summarize, type Summary } from './stats.js';

export interface DataApiResult {
  requests: number;
  concurrency: number;
  seconds: number;
  perSecond: number;
  latency: Summary;
}

export async function benchDataApi(
  requests: number,
  concurrency: number,
  budgetMs: number,
): Promise<DataApiResult> {
  const bench = await startBenchServer();
  try {
    // A handful of conversations, so writes are not all serialised behind one document.
    const conversations = await Promise.all(
      Array.from({ length: concurrency }, () => createConversation(bench.url)),
    );
    // Warm-up: JIT, connection pool.
    await runPool(200, concurrency, Infinity, (i) =>
      postMessage(bench.url, conversations[i % conversations.length]!.id, `warm-up ${i}`),
    );
    const latencies: number[] = [];
    const started = performance.now();
    const done = await runPool(requests, concurrency, started + budgetMs, async (i) => {
      const t0 = performance.now();
      await postMessage(bench.url, conversations[i % conversations.length]!.id, `message ${i}`);
      latencies.push(performance.now() - t0);
    });
    const seconds = (performance.now() - started) / 1000;
    return { requests: done, concurrency, seconds, perSecond: done / seconds, latency: summarize(latencies) };
  } finally {
    await bench.close();
  }
}
