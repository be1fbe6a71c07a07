/**
 * The machine's floor for one HTTP round trip: sequential fetches against a bare node:http server that
 * answers a fixed JSON body, and sequential addMessage POSTs against the mock server. Their ratio says what
 * the mock server adds (Express, helmet, CORS, validation, the store) independent of how fast the machine is.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createConversation, postMessage, startBenchServer } from './bench-server.js';
import { summarize, type Summary } from './stats.js';

export interface BaselineResult {
  bare: Summary;
  addMessage: Summary;
}

async function sequential(count: number, call: (i: number) => Promise<void>): Promise<Summary> {
  const samples: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const t0 = performance.now();
    await call(i);
    samples.push(performance.now() - t0);
  }
  return summarize(samples);
}

export async function benchBaseline(count: number): Promise<BaselineResult> {
  const bareServer = createServer((_req, res) => {
    res.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => bareServer.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}/`;
  const bench = await startBenchServer();
  try {
    const conversation = await createConversation(bench.url);
    const bareCall = async () => {
      const response = await fetch(bareUrl, { method: 'POST', body: '{"role":"user","text":"x"}' });
      await response.arrayBuffer();
    };
    // Warm-up both, then measure.
    await sequential(100, bareCall);
    await sequential(100, (i) => postMessage(bench.url, conversation.id, `warm-up ${i}`));
    const bare = await sequential(count, bareCall);
    const addMessage = await sequential(count, (i) =>
      postMessage(bench.url, conversation.id, `sequential ${i}`),
    );
    return { bare, addMessage };
  } finally {
    await bench.close();
    await new Promise<void>((resolve) => bareServer.close(() => resolve()));
  }
}
