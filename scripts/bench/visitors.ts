/**
 * Simulated visitors, each exactly what the chat page is: a ChatSession (@chat/session) over a local
 * backend of its own (@chat/local: the DataProvider, AuthProvider and ChatService the page uses, with
 * its own socket.io connection). A visitor reads the business, opens a new conversation and waits for
 * its live messages, then sends with `session.send` — the message saved (with the conversation's
 * lastMessage, one write), then the chat call — and waits for each streamed reply to complete in the
 * session's state before sending the next. All visitors start at once. Runs in the benchmark's process,
 * never the server's; the session's own work (reading every update, deriving its state) is part of
 * every figure, as it is of the page's.
 *
 * Lost and duplicated messages are counted from what each visitor's session shows, never assumed:
 * - a message the session reported saved that never appears among its stored messages is lost;
 * - a reply that did not complete within the reply timeout is lost;
 * - a streamed reply whose text ever shrank or changed other than by appending lost a chunk;
 * - a visitor message stored twice (two copies of its text) is a duplicate. A (message id, seq) the
 *   server delivers twice is dropped by the live subscription, for the page as here, so a duplicate on
 *   the wire that no visitor would see is not counted.
 */
import { storageOrMemory, type Message } from '@chat/core';
import { createLocalBackend } from '@chat/local';
import { createChatSession, type ChatSession, type ChatSessionState } from '@chat/session';
import { BENCH_BUSINESS_ID } from './conversation-setup.js';
import { limitedFetch } from './limited-fetch.js';
import { summarize, type Summary } from './stats.js';
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
  /** Sends the session reported failed: the message not saved, or the chat call refused or timed out. */
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

const TIME_ZONE = 'America/New_York';

/**
 * Visitors open their page this many at a time; then all send at once. The opening is not measured,
 * and a thousand pages reading the business, creating a conversation and connecting a socket in the same
 * instant queue long enough to pass the page's 15 s write deadline — no visitor's experience.
 */
const OPENING_AT_ONCE = 100;

/** The reply a visitor waits for: the first assistant message that appears after its send. */
interface Wait {
  since: number;
  /** The assistant's messages before the send. */
  known: Set<string>;
  replyId?: string;
  first?: number;
  end: (outcome: 'complete' | 'failed') => void;
}

/** One visitor: its backend, its session and what the session has shown it. */
class Visitor {
  private readonly backend;
  private session: ChatSession | null = null;
  /** The assistant's messages as last shown, by id. */
  private readonly shown = new Map<string, Message>();
  /** The texts whose save the session reported done. */
  private readonly saved: string[] = [];
  private opening: { resolve: () => void; reject: (error: Error) => void } | null = null;
  private waiting: Wait | null = null;

  constructor(
    private readonly server: ServerUnderTest,
    private readonly counters: Counters,
  ) {
    this.backend = createLocalBackend({ serverUrl: server.url, fetch: limitedFetch });
  }

  /** Reads the business and opens a new conversation, as the page does at `/chat/<id>`. */
  async open(timeoutMs: number): Promise<void> {
    const { data, auth, chat } = this.backend;
    const business = await data.getBusinessById(BENCH_BUSINESS_ID);
    if (!business) throw new Error(`business ${BENCH_BUSINESS_ID} is not on the ${this.server.kind} server`);
    const session = createChatSession({
      data,
      auth,
      chat,
      business,
      storage: storageOrMemory(() => null),
      conversationId: undefined,
      timeZone: TIME_ZONE,
    });
    this.session = session;
    let timer: NodeJS.Timeout | undefined;
    const opened = new Promise<void>((resolve, reject) => {
      this.opening = { resolve, reject };
      timer = setTimeout(
        () => reject(new Error(`no conversation with its messages within ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    session.subscribe(() => this.observe(session.getState()));
    session.start();
    try {
      await opened;
    } finally {
      clearTimeout(timer);
      this.opening = null;
    }
  }

  private observe(state: ChatSessionState): void {
    if (this.opening) {
      const { conversation, loaded } = state;
      if (conversation.status === 'error') {
        this.opening.reject(new Error(`the session could not open a conversation: ${conversation.error}`));
      } else if (conversation.status === 'ready' && loaded) this.opening.resolve();
    }
    for (const message of state.stored) if (message.role === 'model') this.onAssistantMessage(message);
    if (this.waiting && state.alerts.some((alert) => alert.error === 'failedToGetAiResponse')) {
      this.waiting.end('failed');
    }
  }

  private onAssistantMessage(message: Message): void {
    const before = this.shown.get(message.id);
    if (before?.text === message.text && before.streaming === message.streaming) return;
    if (before && !message.text.startsWith(before.text)) this.counters.lost += 1;
    this.shown.set(message.id, message);
    const waiting = this.waiting;
    if (!waiting || waiting.known.has(message.id)) return;
    if ((waiting.replyId ??= message.id) !== message.id) return;
    if (waiting.first === undefined && message.text.length > 0) {
      waiting.first = performance.now();
      this.counters.firstCharacter.push(waiting.first - waiting.since);
    }
    if (!message.streaming) {
      this.counters.complete.push(performance.now() - waiting.since);
      this.counters.completed += 1;
      if (!this.counters.sampleReply) this.counters.sampleReply = message.text;
      waiting.end('complete');
    }
  }

  /**
   * Sends one message and waits for its reply. A send the session reports failed counts as a failed
   * send; a reply not complete within `timeoutMs` counts as lost.
   */
  async send(text: string, timeoutMs: number): Promise<void> {
    const session = this.session!;
    let timer: NodeJS.Timeout | undefined;
    const outcome = new Promise<'complete' | 'failed' | 'timeout'>((resolve) => {
      this.waiting = {
        since: performance.now(),
        known: new Set(this.shown.keys()),
        end: (result) => {
          this.waiting = null;
          resolve(result);
        },
      };
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const saved = await session.send(text);
    if (saved) this.saved.push(text);
    else this.waiting?.end('failed');
    const result = await outcome;
    clearTimeout(timer);
    this.waiting = null;
    if (result === 'failed') this.counters.failedSends += 1;
    if (result === 'timeout') this.counters.lost += 1;
  }

  /**
   * Saved messages never stored (lost) and stored more than once (duplicated). A message's upsert is
   * emitted before its POST is answered and travels on the same socket ahead of its reply's, so once a
   * reply is complete its message has arrived or never will.
   */
  deliveries(): { lost: number; duplicated: number } {
    const stored = this.session?.getState().stored ?? [];
    let lost = 0;
    let duplicated = 0;
    for (const text of this.saved) {
      const copies = stored.filter((m) => m.role === 'user' && m.text === text).length;
      if (copies === 0) lost += 1;
      else duplicated += copies - 1;
    }
    return { lost, duplicated };
  }

  close(): void {
    this.session?.stop();
    this.backend.close?.();
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
    for (let first = 0; first < visitors.length; first += OPENING_AT_ONCE) {
      const wave = visitors.slice(first, first + OPENING_AT_ONCE);
      await Promise.all(wave.map((visitor) => visitor.open(options.replyTimeoutMs)));
    }
    const cpuBefore = server.cpuSeconds();
    const started = performance.now();
    await Promise.all(
      visitors.map(async (visitor, v) => {
        for (let i = 0; i < options.messagesPerVisitor; i += 1) {
          await visitor.send(`${options.text} (${v}.${i})`, options.replyTimeoutMs);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const serverCpuSeconds = server.cpuSeconds() - cpuBefore;
    for (const visitor of visitors) {
      const { lost, duplicated } = visitor.deliveries();
      counters.lost += lost;
      counters.duplicated += duplicated;
    }
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
    for (const visitor of visitors) visitor.close();
  }
}
