/**
 * The chat session's machine, as TanStack Query's core is one: the one state (session-state.ts),
 * changed only by `dispatch(event)` through `sessionReducer`; after each transition the effect runner
 * (effect-runner.ts) starts or stops what the transition asks for; and the listeners hear of the
 * changes once per dispatch, however many events it led to (the one place notifications go out).
 *
 * The commands (outbox-delivery.ts, assistant-answers.ts, conversation-moves.ts,
 * interrupt-commands.ts) are async functions over it: they read `state`, call the services and
 * dispatch what happened — none changes a field.
 *
 * What it holds besides the state are handles of effects under way, not facts about the session:
 * the listeners (of the state, and of the moves the URL follows, with the last move told), the
 * outbox's line per room (the promise the next save waits for) and the calls
 * shared by commands that ask at once (a conversation being created). The dispatch loop's own queue
 * makes events dispatched while one is being handled (the live stream can answer synchronously)
 * wait their turn, so every transition sees the state the previous one left.
 */
import {
  EN,
  newMessageId,
  isConversationExpired,
  READ_RETRY_DELAYS_MS,
  WRITE_TIMEOUT_MS,
  CHAT_TIMEOUT_MS,
  type AuthProvider,
  type Business,
  type ChatService,
  type DataProvider,
  type KeyValueStore,
  isChatEnabled,
} from '@chat/core';
import { visitorTimeZone } from './chat-bodies.js';
import type { ChatSessionOptions, ConnectionHints, SessionTexts, Unsubscribe } from './chat-session-api.js';
import { RECONNECT_DELAYS_MS } from './connection.js';
import { startsNewConversation } from './conversation-memory.js';
import { productReplies, type ProductReplies } from './product-replies.js';
import { createServerClock, type ServerClock } from './server-clock.js';
import {
  initialSessionState,
  mayLeave,
  sessionReducer,
  shownRoom,
  type RoomState,
  type SessionEvent,
  type SessionState,
} from './session-state.js';
import { viewOf, type ChatSessionState } from './session-view.js';
import { timedServices } from './timed-services.js';

/**
 * How long the typing indicator waits, after the chat service has answered, for the reply's message
 * to appear. It normally arrives within a second; an answer with no message at all (or a live stream
 * that stalled) must not leave the indicator up for good.
 */
export const REPLY_MESSAGE_GRACE_MS = 15_000;

/** What the effect runner does after each transition (effect-runner.ts). */
export interface EffectRunner {
  /**
   * `event` took the state from `prev` to `next`. Reconciles the effect handles with `next` at once;
   * workflows it starts go through `start`, which runs them once the dispatch loop has no event left.
   */
  react(
    prev: SessionState,
    next: SessionState,
    event: SessionEvent,
    start: (effect: () => void) => void,
  ): void;
}

export interface SessionMachine {
  readonly business: Business;
  readonly storage: KeyValueStore;
  readonly auth: AuthProvider;
  readonly texts: SessionTexts;
  /** The smart replies the session offers, in the visitor's language (product-replies.ts). */
  readonly replies: ProductReplies;
  readonly clock: ServerClock;
  /** The services with their deadlines (timed-services.ts). */
  readonly data: DataProvider;
  readonly chat: ChatService;
  readonly newId: () => string;
  readonly timeZone: string;
  /** The page's language, sent with every chat call; null: none sent. */
  readonly language: string | null;
  readonly hints: ConnectionHints | undefined;
  /** Runs `run` before the runtime's next paint (ChatSessionOptions.nextFrame); default at once. */
  readonly nextFrame: (run: () => void) => void;
  readonly reconnectDelaysMs: readonly number[];
  readonly readRetryDelaysMs: readonly number[];
  /** The one state, as the last transition left it. */
  readonly state: SessionState;
  /** The state's view: derived from the state, the same object until what it shows changes. */
  view(): ChatSessionState;
  /** What getState() answers: the view, or the one from before a change still held (dispatch's `tell`). */
  toldView(): ChatSessionState;
  /**
   * Handles `event` and tells the listeners. With `{ tell: 'after-queued-tasks' }` and a runtime that
   * paints (ChatSessionOptions.nextFrame given), the view it changes is told after the tasks already
   * queued, by the paint after them — meanwhile toldView() is the view from before — or sooner, with
   * the next change of the view that is told at once. Without `nextFrame`, at once as any other.
   */
  dispatch(event: SessionEvent, options?: { tell: 'after-queued-tasks' }): void;
  subscribe(listener: () => void): Unsubscribe;
  /** Calls `listener` with each move the page's URL is to follow (the state's `navigateTo` replaced). */
  onNavigate(listener: (conversationId: string | null) => void): Unsubscribe;
  /**
   * Runs `task` after every task already in room `room`'s line (the outbox's line: one message saved
   * at a time, in the order sent; a move to a new conversation waits in it too), whatever they ended in.
   */
  inLine<T>(room: number, task: () => Promise<T>): Promise<T>;
  /** `start()`'s promise, or the one under way for `name` when there is one (a double click makes one). */
  joinInFlight<T>(name: string, start: () => Promise<T>): Promise<T>;
}

export function createSessionMachine(
  options: ChatSessionOptions,
  makeRunner: (m: SessionMachine) => EffectRunner,
): SessionMachine {
  const clock = options.clock ?? createServerClock(options.storage);
  const { data, chat } = timedServices(
    options,
    clock,
    options.deadlines ?? { writeTimeoutMs: WRITE_TIMEOUT_MS, chatTimeoutMs: CHAT_TIMEOUT_MS },
  );
  const replies = productReplies(options.replyTexts ?? EN.replies);
  const texts = options.texts ?? EN.ui;

  let state = initialSessionState(isChatEnabled(options.business), replies.interrupt, {
    key: options.conversationId ?? '',
    startsNew: startsNewConversation(options.storage, options.conversationId),
  });
  const listeners = new Set<() => void>();
  const navigateListeners = new Set<(conversationId: string | null) => void>();
  const events: SessionEvent[] = [];
  const effects: Array<() => void> = [];
  let dispatching = false;
  const lines = new Map<number, Promise<unknown>>();
  const inFlight = new Map<string, Promise<unknown>>();
  /** The last move told to the `onNavigate` listeners (each is told once). */
  let told: SessionState['navigateTo'] = null;
  let shown: { parts: readonly unknown[]; view: ChatSessionState } | null = null;
  /** The view the listeners were last told of, while a change waits to be told (dispatch). */
  let held: { view: ChatSessionState } | null = null;
  const tell = () => {
    for (const listener of [...listeners]) listener();
  };
  const tellHeld = () => {
    if (!held) return; // told already, with a later change
    held = null;
    tell();
  };
  /**
   * Only what the view is made of: a change elsewhere (the draft, a room left) keeps the same view
   * object, so the page does not render again for it.
   */
  const viewParts = (): readonly unknown[] => [
    shownRoom(state),
    state.conversationStatus,
    state.startsNew,
    state.newChatFailed,
    state.connectionLost,
  ];

  const m: SessionMachine = {
    business: options.business,
    storage: options.storage,
    auth: options.auth,
    texts,
    replies,
    clock,
    data,
    chat,
    newId: options.newId ?? newMessageId,
    timeZone: options.timeZone ?? visitorTimeZone(),
    language: options.language ?? null,
    hints: options.connectionHints,
    nextFrame: options.nextFrame ?? ((run) => run()),
    reconnectDelaysMs: options.reconnectDelaysMs ?? RECONNECT_DELAYS_MS,
    readRetryDelaysMs: options.readRetryDelaysMs ?? READ_RETRY_DELAYS_MS,
    get state() {
      return state;
    },
    view() {
      const parts = viewParts();
      if (!shown || !sameParts(parts, shown.parts)) {
        shown = { parts, view: view(parts[0] as RoomState | null) };
      }
      return shown.view;
    },
    toldView: () => held?.view ?? m.view(),
    dispatch(event, tellOptions) {
      events.push(event);
      if (dispatching) return; // handled by the loop below, after the event being handled
      const holding = tellOptions?.tell === 'after-queued-tasks' && options.nextFrame !== undefined;
      // What the page goes on seeing while this change waits (one held already keeps its own).
      const viewBefore = holding && !held ? m.view() : null;
      const partsBefore = viewParts();
      dispatching = true;
      let changed = false;
      try {
        for (;;) {
          const next = events.shift();
          if (next) {
            const prev = state;
            state = sessionReducer(prev, next);
            if (state !== prev) {
              changed = true;
              runner.react(prev, state, next, (effect) => effects.push(effect));
            }
            continue;
          }
          const effect = effects.shift();
          if (!effect) break;
          effect();
        }
      } finally {
        dispatching = false;
        events.length = 0;
        effects.length = 0;
      }
      if (changed && holding) {
        if (!held) held = { view: viewBefore as ChatSessionState };
        setTimeout(() => m.nextFrame(tellHeld), 0);
      } else if (changed) {
        // A change of the view (not the draft's, say) shows a held one with it.
        if (!sameParts(partsBefore, viewParts())) held = null;
        tell();
      }
      // The move is an event: told once, after the state it leads to (so the page renders the
      // conversation and its URL together).
      const { navigateTo } = state;
      if (navigateTo && navigateTo !== told) {
        told = navigateTo;
        for (const listener of [...navigateListeners]) listener(navigateTo.conversationId);
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    onNavigate(listener) {
      navigateListeners.add(listener);
      return () => {
        navigateListeners.delete(listener);
      };
    },
    inLine(room, task) {
      const done = (lines.get(room) ?? Promise.resolve()).then(task);
      const tail = done.catch(() => undefined);
      lines.set(room, tail);
      // A line that has run out, of a room no longer shown, is dropped.
      void tail.then(() => {
        if (lines.get(room) === tail && state.shown !== room) lines.delete(room);
      });
      return done;
    },
    joinInFlight<T>(name: string, start: () => Promise<T>): Promise<T> {
      const under = inFlight.get(name) as Promise<T> | undefined;
      if (under) return under;
      const started = start().finally(() => {
        inFlight.delete(name);
      });
      inFlight.set(name, started);
      return started;
    },
  };

  function view(room: RoomState | null): ChatSessionState {
    return viewOf(
      m.business,
      state.conversationStatus,
      state.startsNew,
      room && { ...room, mayLeave: mayLeave(room) },
      state.newChatFailed,
      texts.authPromptDefault,
      state.connectionLost,
      replies,
    );
  }

  const runner = makeRunner(m);
  return m;
}

/** The room `key` (every room entered stays in the state). */
export function roomOf(m: SessionMachine, key: number): RoomState {
  const room = m.state.rooms[key];
  if (!room) throw new Error(`No room ${key}`);
  return room;
}

/** Whether room `key`'s conversation is over by the server's clock (§4: 24 hours). */
export function isExpired(m: SessionMachine, key: number): boolean {
  return isConversationExpired(roomOf(m, key).conversation, m.clock.now());
}

function sameParts(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.every((part, i) => part === b[i]);
}
