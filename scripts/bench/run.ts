/**
 * `npm run bench`: measures the mock server in this process on an ephemeral port on 127.0.0.1 and prints
 * a table. Every phase is bounded in count and time (the whole run stays under about a minute). Numbers
 * only: there are no pass/fail thresholds; compare runs on the same machine.
 */
import { benchBaseline } from './baseline.js';
import { benchDataApi } from './data-api.js';
import { benchIdentitySends } from './identity-sends.js';
import { benchJournal } from './journal-cost.js';
import { benchLiveFanout } from './live-fanout.js';
import { mib, ms, printTable } from './stats.js';

const DATA_API = { requests: 2_000, concurrency: 20, budgetMs: 15_000 };
const FANOUT = { messages: 500, subscribers: 10, budgetMs: 10_000 };
const JOURNAL = { largeMessages: 20_000, writes: 1_000, budgetMs: 20_000 };
const IDENTITY_SENDS = { batches: [10_000, 20_000, 40_000], budgetMs: 15_000 };

const rss = () => process.memoryUsage().rss;
const runStarted = performance.now();
const rssBefore = rss();
console.log(
  `Benchmarks on Node ${process.version}, ${process.platform}/${process.arch}; times are wall-clock.`,
);

const baseline = await benchBaseline(300);
printTable('HTTP round trip, one at a time (client and server share this process)', [
  ['bare node:http POST p50 / p95', `${ms(baseline.bare.p50)} / ${ms(baseline.bare.p95)}`],
  ['mock addMessage POST p50 / p95', `${ms(baseline.addMessage.p50)} / ${ms(baseline.addMessage.p95)}`],
  ['mock / bare (p50)', `${(baseline.addMessage.p50 / baseline.bare.p50).toFixed(2)}×`],
]);

const data = await benchDataApi(DATA_API.requests, DATA_API.concurrency, DATA_API.budgetMs);
printTable('Data API: POST addMessage (in-memory store)', [
  ['requests / concurrency', `${data.requests} / ${data.concurrency}`],
  ['throughput', `${data.perSecond.toFixed(0)} req/s (${data.seconds.toFixed(2)} s)`],
  ['latency p50 / p95 / max', `${ms(data.latency.p50)} / ${ms(data.latency.p95)} / ${ms(data.latency.max)}`],
]);
const rssAfterData = rss();

const fanout = await benchLiveFanout(FANOUT.messages, FANOUT.subscribers, FANOUT.budgetMs);
printTable('Live fan-out: addMessage POST → socket.io upsert', [
  ['messages × subscribers', `${fanout.messages} × ${fanout.subscribers}`],
  [
    'per delivery p50 / p95 / max',
    `${ms(fanout.perDelivery.p50)} / ${ms(fanout.perDelivery.p95)} / ${ms(fanout.perDelivery.max)}`,
  ],
  ['to last subscriber p50 / p95', `${ms(fanout.toLastSubscriber.p50)} / ${ms(fanout.toLastSubscriber.p95)}`],
]);

const journal = await benchJournal(JOURNAL.largeMessages, JOURNAL.writes, JOURNAL.budgetMs);
const ratio = journal.large.writes.mean / journal.small.writes.mean;
printTable('Journal (DATA_FILE): one acknowledged write, fsync included', [
  ['small store: documents / open', `${journal.small.documents} / ${ms(journal.small.openMs)}`],
  [
    'small store: mean / p50 / p95',
    `${ms(journal.small.writes.mean)} / ${ms(journal.small.writes.p50)} / ${ms(journal.small.writes.p95)} (${journal.small.writes.count} writes)`,
  ],
  ['large store: documents / open (replay)', `${journal.large.documents} / ${ms(journal.large.openMs)}`],
  [
    'large store: mean / p50 / p95',
    `${ms(journal.large.writes.mean)} / ${ms(journal.large.writes.p50)} / ${ms(journal.large.writes.p95)} (${journal.large.writes.count} writes)`,
  ],
  ['per-write ratio large / small (mean)', `${ratio.toFixed(2)}×`],
  [
    'large compaction / amortized per write',
    `${ms(journal.largeCompactionMs)} / ${journal.largeCompactionPerWriteMs.toFixed(4)} ms`,
  ],
]);

const sends = await benchIdentitySends(IDENTITY_SENDS.batches, IDENTITY_SENDS.budgetMs);
printTable(
  'Identity: sendCode to distinct numbers (live sessions grow with the batch; flat µs/send = O(1))',
  sends.batches.map(({ sends: count, seconds, microsPerSend }) => [
    `${count} sends`,
    `${seconds.toFixed(2)} s, ${microsPerSend.toFixed(1)} µs/send`,
  ]),
);

const rssAfter = rss();
printTable('Process', [
  ['RSS before / after data API / at end', `${mib(rssBefore)} / ${mib(rssAfterData)} / ${mib(rssAfter)}`],
  ['RSS growth over the run', `${mib(rssAfter - rssBefore)}`],
  ['total run time', `${((performance.now() - runStarted) / 1000).toFixed(1)} s`],
]);
