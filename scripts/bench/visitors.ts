/**
 * Simulated visitors: each creates a conversation, subscribes to its live messages over socket.io (its own
 * websocket), then sends messages the way the web app does — the user message through the data API, then
 * POST /api/chat — and waits for each streamed reply to complete before sending the next. All visitors
 * start at once. Runs in the benchmark's process, never the server's.
 *
 * Lost and duplicated messages are counted from what each visitor's socket received, never assumed:
 * - a user message the server acknowledged (201) but whose upsert never arrived is lost;
 * - a reply that did not complete within the reply timeout is lost;
 * - a streamed reply whose text ever shrank or changed other than by appending lost a chunk;
 * - the same (message id, seq) delivered twice, or a user message delivered twice, is a duplicate.
 */
import { newMessageId } from '@chat/core';
import type { Socket } from 'socket.io-client';
import { summarize, type Summary } from './stats.js';
import { chatBody, createConversation, postJson, subscribe, type WireUpsert } from './wire-client.js';
import type { ServerUnderTest } from './server-process.js';

export interface VisitorRunOptions {
  visitors: number;
  messagesPerVisitor: number;
  /** A reply not complete after this long counts as lost (and the run goes on). */
  replyTimeoutMs: number;
  text: string;
}

export interface VisitorRunResult {
  visitors: number;
  completedReplies: number;
  repliesPerSecond: number;
  firstCharacter: Summary;
  complete: Summary;
  lost: number;
  duplicated: number;
  /** Sends whose POST failed (connection error or a status other than the expected one). */
  failedSends: number;
  serverCpuSeconds: number;
  serverPeakRssBytes: number;
  /** The text of one completed reply (the floor replies with text as long). */
  sampleReply: string;
}

interface Counters {
  lost: number;
  failedSends: number;
  duplicated: number;
  firstCharacter: number[];
  complete: number[];
  completed: number;
  sampleReply: string;
}

/** One visitor's socket and what it has seen. */
class Visitor {
  private readonly seen = new Set<string>();
  private readonly userIds = new Map<string, number>();
  private readonly replyText = new Map<string, string>();
  private waiting: { since: number; first?: number; resolve: (id: string) => void } | null = null;
  socket: Socket | null = null;

  constructor(
    private readonly server: ServerUnderTest,
    private readonly counters: Counters,
  ) {}

  async open(): Promise<string> {
    const conversationId = await createConversation(this.server.url);
    this.socket = await subscribe(this.server.url, conversationId, (event) => this.onUpsert(event));
    return conversationId;
  }

  private onUpsert({ seq, message }: WireUpsert): void {
    const key = `${message.id}#${seq}`;
    if (this.seen.has(key)) {
      this.counters.duplicated += 1;
      return;
    }
    this.seen.add(key);
    if (message.role === 'user') {
      const times = (this.userIds.get(message.id) ?? 0) + 1;
      this.userIds.set(message.id, times);
      if (times > 1) this.counters.duplicated += 1;
      return;
    }
    if (message.role !== 'model') return;
    const before = this.replyText.get(message.id) ?? '';
    if (!message.text.startsWith(before)) this.counters.lost += 1;
    this.replyText.set(message.id, message.text);
    const waiting = this.waiting;
    if (!waiting) return;
    if (waiting.first === undefined && message.text.length > 0) {
      waiting.first = performance.now();
      this.counters.firstCharacter.push(waiting.first - waiting.since);
    }
    if (!message.streaming) {
      this.counters.complete.push(performance.now() - waiting.since);
      this.counters.completed += 1;
      if (!this.counters.sampleReply) this.counters.sampleReply = message.text;
      this.waiting = null;
      waiting.resolve(message.id);
    }
  }

  /**
   * Sends one message and waits for its reply; false when a request failed (counted as a failed send:
   * the server never acknowledged it) or the reply timed out (counted as lost).
   */
  async send(conversationId: string, text: string, timeoutMs: number): Promise<boolean> {
    const replied = new Promise<string>((resolve) => {
      this.waiting = { since: performance.now(), resolve };
    });
    let saved: { id: string };
    try {
      saved = (await postJson(
        `${this.server.url}/data/conversations/${conversationId}/messages`,
        // Messages carry the id the page chooses before its first save (a retried save is then a no-op).
        { id: newMessageId(), role: 'user', text },
        201,
      )) as { id: string };
    } catch {
      this.waiting = null;
      this.counters.failedSends += 1;
      return false;
    }
    try {
      await postJson(`${this.server.url}/api/chat`, chatBody(conversationId, text), 200);
    } catch {
      this.waiting = null;
      this.counters.failedSends += 1;
      this.acknowledgedUserIds.push(saved.id);
      return false;
    }
    let timer: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([
      replied.then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
    ]);
    clearTimeout(timer);
    if (!outcome) {
      this.waiting = null;
      this.counters.lost += 1;
    }
    this.acknowledgedUserIds.push(saved.id);
    return outcome;
  }

  private readonly acknowledgedUserIds: string[] = [];

  /** User messages acknowledged by the server but never delivered to this visitor's socket. */
  undeliveredUserMessages(): number {
    return this.acknowledgedUserIds.filter((id) => !this.userIds.has(id)).length;
  }
}

export async function runVisitors(
  server: ServerUnderTest,
  options: VisitorRunOptions,
): Promise<VisitorRunResult> {
  const counters: Counters = {
    lost: 0,
    failedSends: 0,
    duplicated: 0,
    firstCharacter: [],
    complete: [],
    completed: 0,
    sampleReply: '',
  };
  const visitors = Array.from({ length: options.visitors }, () => new Visitor(server, counters));
  try {
    const conversations = await Promise.all(visitors.map((visitor) => visitor.open()));
    const cpuBefore = server.cpuSeconds();
    const started = performance.now();
    await Promise.all(
      visitors.map(async (visitor, v) => {
        for (let i = 0; i < options.messagesPerVisitor; i += 1) {
          await visitor.send(conversations[v]!, `${options.text} (${v}.${i})`, options.replyTimeoutMs);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const serverCpuSeconds = server.cpuSeconds() - cpuBefore;
    // A user message's upsert is emitted before its POST is answered and travels on the same socket
    // ahead of its reply's, so once a reply is complete its user message has arrived or never will.
    for (const visitor of visitors) counters.lost += visitor.undeliveredUserMessages();
    return {
      visitors: options.visitors,
      completedReplies: counters.completed,
      repliesPerSecond: counters.completed / seconds,
      firstCharacter: summarize(counters.firstCharacter),
      complete: summarize(counters.complete),
      lost: counters.lost,
      duplicated: counters.duplicated,
      failedSends: counters.failedSends,
      serverCpuSeconds,
      serverPeakRssBytes: server.peakRssBytes(),
      sampleReply: counters.sampleReply,
    };
  } finally {
    for (const visitor of visitors) visitor.socket?.disconnect();
  }
}
