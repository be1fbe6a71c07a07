/**
 * What every part of a chat session shares: its services (with their deadlines), what it holds (the
 * conversation shown and its room, the draft, the page-level alert) and the one way a change reaches
 * the listeners (`changed`, `dispatch`). The parts — conversation-moves.ts, live-stream.ts,
 * outbox-delivery.ts, assistant-answers.ts, interrupt-commands.ts — are functions over it;
 * chat-session.ts makes it and exposes the commands.
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
  type Conversation,
  type DataProvider,
  type KeyValueStore,
} from '@chat/core';
import { visitorTimeZone } from './chat-bodies.js';
import type { ChatSessionOptions, SessionTexts } from './chat-session-api.js';
import { createConnection, RECONNECT_DELAYS_MS, type Connection } from './connection.js';
import { productReplies, type ProductReplies } from './product-replies.js';
import { conversationReducer, type ConversationAction } from './conversation-state.js';
import type { OutboxItem } from './outbox.js';
import { mayLeave, type Room } from './room.js';
import { createServerClock, type ServerClock } from './server-clock.js';
import { viewOf, type ChatSessionState, type ConversationStatus } from './session-view.js';
import { timedServices } from './timed-services.js';

/**
 * How long the typing indicator waits, after the chat service has answered, for the reply's message
 * to appear. It normally arrives within a second; an answer with no message at all (or a live stream
 * that stalled) must not leave the indicator up for good.
 */
export const REPLY_MESSAGE_GRACE_MS = 15_000;

export interface SessionCore {
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
  /** Whether requests are being answered, learned from them (connection.ts). */
  readonly connection: Connection;
  readonly readRetryDelaysMs: readonly number[];
  readonly listeners: Set<() => void>;
  /**
   * Starts the live stream of a room just entered: live-stream.ts's `listen`, handed in by
   * chat-session.ts, since the stream in turn moves the session (a conversation gone) and so sits
   * above conversation-moves.ts.
   */
  readonly listen: (r: Room) => void;
  started: boolean;
  /** The conversation shown, as the session holds it; null until one is entered. */
  room: Room | null;
  conversationStatus: ConversationStatus;
  navigateTo: ChatSessionState['navigateTo'];
  newChatFailed: boolean;
  draft: string;
  /** The resolution under way (`open`): a later one replaces it. */
  opening: { key: string } | null;
  /** The conversation being created, shared by commands that ask for one at once. */
  creating: Promise<Conversation> | null;
  /** What getState() answers: the view of the above, made anew on every change. */
  state: ChatSessionState;
}

export function createSessionCore(options: ChatSessionOptions, listen: (r: Room) => void): SessionCore {
  const clock = options.clock ?? createServerClock(options.storage);
  const { data, chat } = timedServices(
    options,
    clock,
    options.deadlines ?? { writeTimeoutMs: WRITE_TIMEOUT_MS, chatTimeoutMs: CHAT_TIMEOUT_MS },
  );
  const s: Omit<SessionCore, 'state'> = {
    business: options.business,
    storage: options.storage,
    auth: options.auth,
    texts: options.texts ?? EN.ui,
    replies: productReplies(options.replyTexts ?? EN.replies),
    clock,
    data,
    chat,
    newId: options.newId ?? newMessageId,
    timeZone: options.timeZone ?? visitorTimeZone(),
    language: options.language ?? null,
    connection: createConnection(
      options.connectionHints,
      options.reconnectDelaysMs ?? RECONNECT_DELAYS_MS,
      () => changed(s as SessionCore),
    ),
    readRetryDelaysMs: options.readRetryDelaysMs ?? READ_RETRY_DELAYS_MS,
    listeners: new Set(),
    listen,
    started: false,
    room: null,
    conversationStatus: { status: 'resolving' },
    navigateTo: null,
    newChatFailed: false,
    draft: '',
    opening: null,
    creating: null,
  };
  return Object.assign(s, { state: view(s) });
}

function view(s: Omit<SessionCore, 'state'>): ChatSessionState {
  const r = s.room;
  return viewOf(
    s.business,
    s.conversationStatus,
    s.navigateTo,
    r && { ...r, mayLeave: mayLeave(r) },
    s.newChatFailed,
    s.texts.authPromptDefault,
    s.connection.lost,
    s.replies,
  );
}

/** Makes the state anew from what the session holds and tells every listener. */
export function changed(s: SessionCore): void {
  s.state = view(s);
  for (const listener of [...s.listeners]) listener();
}

/** Changes a room's conversation state (conversation-state.ts); the listeners hear of the room shown. */
export function dispatch(s: SessionCore, r: Room, action: ConversationAction): void {
  r.conversationState = conversationReducer(r.conversationState, action);
  if (action.type === 'reply-received' || action.type === 'awaiting-reply' || action.type === 'failed') {
    scheduleOverdue(s, r);
  }
  if (r === s.room) changed(s);
}

/** Ends an answered wait whose message has not appeared within REPLY_MESSAGE_GRACE_MS. */
export function scheduleOverdue(s: SessionCore, r: Room): void {
  if (r.overdue) clearTimeout(r.overdue);
  r.overdue = null;
  if (!r.conversationState.awaiting?.answered || !s.started) return;
  r.overdue = setTimeout(() => {
    r.overdue = null;
    dispatch(s, r, { type: 'reply-overdue' });
  }, REPLY_MESSAGE_GRACE_MS);
}

export function patchItem(s: SessionCore, r: Room, id: string, fields: Partial<OutboxItem>): void {
  r.outbox = r.outbox.map((item) => (item.id === id ? { ...item, ...fields } : item));
  if (r === s.room) changed(s);
}

/** Whether `r`'s conversation is over by the server's clock (§4: 24 hours). */
export function isExpired(s: SessionCore, r: Room): boolean {
  return isConversationExpired(r.conversation, s.clock.now());
}
