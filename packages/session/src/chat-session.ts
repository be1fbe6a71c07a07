/**
 * A visitor's chat with one business: the single owner of the conversation shown, its stored
 * messages, the outbox, the pending interrupt, the reply being waited for, the smart replies, the
 * server's clock and the move to a new conversation. Framework-free — `getState()`, `subscribe()` and
 * commands, as TanStack Query's core — so the page (one useSyncExternalStore hook), `demo check` and
 * the benchmark's visitors all speak the protocol through this one object. It talks only to the
 * DataProvider, the AuthProvider and the ChatService.
 *
 * Limits: one conversation at a time; timers (the typing grace period) use the runtime's setTimeout.
 */
import {
  EN,
  newMessageId,
  isConversationExpired,
  lastUserMessageText,
  normaliseOutgoing,
  normaliseSmartReplies,
  restoredSmartReplies,
  signupFeedItem,
  isChatEnabled,
  READ_RETRY_DELAYS_MS,
  WRITE_TIMEOUT_MS,
  CHAT_TIMEOUT_MS,
  type AuthProvider,
  type Business,
  type ChatResponse,
  type ChatService,
  type ConfirmedUser,
  type Conversation,
  type DataProvider,
  type KeyValueStore,
  type Message,
  type ResumeResponse,
  type SmartReply,
  type ToolRequest,
} from '@chat/core';
import { phoneSignInInterrupt, resumeBody, sendBody, visitorTimeZone } from './chat-bodies.js';
import { conversationRefusal } from './conversation-refusal.js';
import {
  DECLINE_FALLBACK_SMART_REPLIES,
  INTERRUPT_SMART_REPLIES,
  RETRY_SMART_REPLIES,
  chatReducer,
  initialChatState,
  pendingInterrupt,
  type ChatAction,
  type ChatState,
} from './conversation-state.js';

import { carriedItems, carryOf, type Carry, type OutboxItem } from './outbox.js';
import { processMessages } from './process-messages.js';
import { createConversationFor, resolveConversation } from './resolve-conversation.js';
import { createServerClock, type ServerClock } from './server-clock.js';
import {
  viewOf,
  type ChatSessionState,
  type ConversationStatus,
  type RoomSnapshot,
  type SessionAlert,
} from './session-view.js';
import { timedServices, type CallDeadlines } from './timed-services.js';

/**
 * How long the typing indicator waits, after the chat service has answered, for the reply's message
 * to appear. It normally arrives within a second; an answer with no message at all (or a live stream
 * that stalled) must not leave the indicator up for good.
 */
export const REPLY_MESSAGE_GRACE_MS = 15_000;

/** The texts a session writes into the conversation, in the visitor's language (core's UI_TEXT). */
export interface SessionTexts {
  noPreviousMessage: string;
  phoneVerified: string;
  authCancelled: string;
  authPromptDefault: string;
}

export interface ChatSessionOptions {
  data: DataProvider;
  auth: AuthProvider;
  chat: ChatService;
  business: Business;
  /** The tab's storage: the conversation id (§3) and the server clock's offset. Must not throw. */
  storage: KeyValueStore;
  /** Default: English. */
  texts?: SessionTexts;
  /** Default: WRITE_TIMEOUT_MS and CHAT_TIMEOUT_MS. */
  deadlines?: CallDeadlines;
  /** Pauses between attempts of a conversation read that failed in passing. */
  readRetryDelaysMs?: readonly number[];
  /** Default: one learned from the server's stamps, remembered in `storage`. */
  clock?: ServerClock;
  /** The visitor's IANA time zone; default the runtime's. */
  timeZone?: string;
  /** Default: newMessageId. */
  newId?: () => string;
  /** Whether the device is online; default: always (a server process, a script). */
  network?: NetworkStatus;
}

/** The device's connection as the runtime tells it (the page: navigator.onLine and its events). */
export interface NetworkStatus {
  isOnline(): boolean;
  /** Resolves at once when online, else when the connection returns. */
  whenOnline(): Promise<void>;
}

const ALWAYS_ONLINE: NetworkStatus = { isOnline: () => true, whenOnline: () => Promise.resolve() };

export type Unsubscribe = () => void;

export interface ChatSession {
  getState(): ChatSessionState;
  /** Calls `listener` after every change of the state; returns the function that stops it. */
  subscribe(listener: () => void): Unsubscribe;
  /** Starts listening (the live stream of the conversation shown); again after `stop`. */
  start(): void;
  /** Stops listening and drops timers; what is in flight finishes. */
  stop(): void;
  /**
   * Shows the conversation the URL names (§4 resolution): it if valid, else the tab's conversation
   * (by redirect), else a new one. Opening the one shown, or one being opened, does nothing.
   */
  open(conversationId: string | undefined): void;
  /** §4 "Sending a user message"; false when it could not be saved (it waits for Retry). */
  send(text: string): Promise<boolean>;
  /** Sends a message whose save failed once more, under the same id (a no-op if it landed meanwhile). */
  retry(messageId: string): Promise<boolean>;
  /** 'try again' (§4): the last visitor message goes to the assistant once more. */
  tryAgain(): Promise<void>;
  /** A smart reply: an answer that declines the pending interrupt, else sent as the visitor's words. */
  chooseSmartReply(reply: SmartReply): Promise<void>;
  /** The visitor signed in through the phone widget: the assistant resumes. */
  answerInterrupt(user: ConfirmedUser): Promise<void>;
  /** The visitor chose `reply` instead of signing in. */
  declineInterrupt(reply: SmartReply): Promise<void>;
  /** The visitor closed the phone widget. */
  cancelInterrupt(): Promise<void>;
  /** Creates a new conversation and shows it; false (with an alert) when it cannot be created. */
  startNewConversation(): Promise<boolean>;
  /**
   * Leaves the conversation shown for a new one with what was not sent (it expired, or the server no
   * longer has it). False when it may not (see mayLeave) or no new one could be created.
   */
  leave(): Promise<boolean>;
  /** What the visitor has typed and not sent; carried along when the session leaves a conversation. */
  setDraft(text: string): void;
  /** The draft carried into the conversation shown, if any. */
  carriedDraft(): string;
  dismissAlert(source: SessionAlert['source']): void;
  /** The server's clock as the session knows it. */
  readonly clock: ServerClock;
}

/** One conversation's part of the session. */
interface Room {
  conversation: Conversation;
  unsubscribe: Unsubscribe | null;
  loaded: boolean;
  stored: Message[];
  streamError: RoomSnapshot['streamError'];
  failure: RoomSnapshot['failure'];
  reconnecting: boolean;
  outbox: OutboxItem[];
  chat: ChatState;
  /** Turns of the outbox: one message saved at a time, in the order sent. */
  line: Promise<unknown>;
  /** Failures so far: a turn queued before the latest failure does not go ahead of the failed one. */
  failures: number;
  /** The session is leaving this conversation: turns still queued end as 'carried'. */
  left: boolean;
  /** What the previous conversation handed over (null when none). */
  carried: Carry | null;
  carriedSent: boolean;
  /** The assistant has answered here (see mayLeave). */
  answered: boolean;
  goneHandled: boolean;
  feedPosted: boolean;
  overdue: ReturnType<typeof setTimeout> | null;
}

type TurnEnd = 'sent' | 'failed' | 'carried';

export function createChatSession(options: ChatSessionOptions): ChatSession {
  const { business, storage } = options;
  const auth = options.auth;
  const texts = options.texts ?? EN.ui;
  const clock = options.clock ?? createServerClock(storage);
  const { data, chat } = timedServices(
    options,
    clock,
    options.deadlines ?? { writeTimeoutMs: WRITE_TIMEOUT_MS, chatTimeoutMs: CHAT_TIMEOUT_MS },
  );
  const newId = options.newId ?? newMessageId;
  const timeZone = options.timeZone ?? visitorTimeZone();
  const network = options.network ?? ALWAYS_ONLINE;
  const listeners = new Set<() => void>();

  let started = false;
  let room: Room | null = null;
  let conversationStatus: ConversationStatus = { status: 'resolving' };
  let navigateTo: ChatSessionState['navigateTo'] = null;
  let newChatFailed = false;
  let draft = '';
  let opening: { key: string } | null = null;
  let creating: Promise<Conversation> | null = null;
  let state: ChatSessionState = view();

  function view(): ChatSessionState {
    const snapshot: RoomSnapshot | null = room && { ...room, mayLeave: mayLeave(room) };
    return viewOf(business, conversationStatus, navigateTo, snapshot, newChatFailed, texts.authPromptDefault);
  }

  function changed(): void {
    state = view();
    for (const listener of [...listeners]) listener();
  }

  /**
   * Whether the session may leave `r` by itself. Not a conversation it has just moved to until the
   * assistant has answered there: whatever the server does, the session never replaces one
   * conversation with the next in a loop — it shows the §8 error instead.
   */
  function mayLeave(r: Room): boolean {
    return r.carried === null || r.answered;
  }

  function dispatch(r: Room, action: ChatAction): void {
    r.chat = chatReducer(r.chat, action);
    if (action.type === 'reply-received' || action.type === 'awaiting-reply' || action.type === 'failed') {
      scheduleOverdue(r);
    }
    if (r === room) changed();
  }

  /** Ends an answered wait whose message has not appeared within REPLY_MESSAGE_GRACE_MS. */
  function scheduleOverdue(r: Room): void {
    if (r.overdue) clearTimeout(r.overdue);
    r.overdue = null;
    if (!r.chat.awaiting?.answered || !started) return;
    r.overdue = setTimeout(() => {
      r.overdue = null;
      dispatch(r, { type: 'reply-overdue' });
    }, REPLY_MESSAGE_GRACE_MS);
  }

  function isExpired(r: Room): boolean {
    return isConversationExpired(r.conversation, clock.now());
  }

  // — the live stream —

  function listen(r: Room): void {
    if (r.unsubscribe || !started) return;
    r.unsubscribe = data.subscribeToMessages(r.conversation.id, {
      next(snapshot) {
        try {
          r.stored = processMessages(snapshot);
          if (r.streamError === 'failedToProcessMessages') r.streamError = null;
          landedAfterAll(r);
        } catch (error) {
          console.error('A messages snapshot could not be processed', error);
          r.streamError = 'failedToProcessMessages';
        }
        loadedOnce(r);
        if (r === room) changed();
      },
      error(error) {
        console.error('The messages subscription failed', error);
        r.streamError = 'failedToListen';
        r.failure = error;
        r.reconnecting = false;
        r.unsubscribe = null;
        loadedOnce(r);
        if (r === room) changed();
        // The server no longer has this conversation (or no longer lets this visitor read it): the
        // session resolves again rather than leave the visitor in front of an error (§4 step 5).
        if (conversationRefusal(error, 'listen') === 'gone' && !r.goneHandled) {
          r.goneHandled = true;
          if (mayLeave(r)) void inTurn(r, () => leaveRoom(r, null));
        }
      },
      state(streamState) {
        r.reconnecting = streamState === 'reconnecting';
        if (r === room) changed();
      },
    });
  }

  /** The first list arrived: what the last answer offered comes back, and carried messages go out. */
  function loadedOnce(r: Room): void {
    if (r.loaded) return;
    r.loaded = true;
    if (!r.chat.restored) {
      const pending = pendingInterrupt(r.stored, r.chat) !== null;
      r.chat = chatReducer(r.chat, {
        type: 'restored',
        smartReplies: pending ? INTERRUPT_SMART_REPLIES : restoredSmartReplies(r.stored),
      });
    }
    if (isChatEnabled(business) && !r.carriedSent) {
      r.carriedSent = true;
      for (const item of r.outbox) if (item.delivery === 'sending') void queue(r, item.id);
    }
  }

  /**
   * A save reported failed (it timed out) that reached the server after all: its stored copy is here
   * under its id, so it is sent, and the assistant is asked about it as after any save.
   */
  function landedAfterAll(r: Room): void {
    const ids = new Set(r.stored.map((m) => m.id));
    for (const item of r.outbox) {
      if (item.delivery !== 'failed' || !ids.has(item.id)) continue;
      r.outbox = r.outbox.map((i) => (i.id === item.id ? { ...i, delivery: 'sent' } : i));
      r.chat = chatReducer(r.chat, { type: 'awaiting-reply', afterMessageId: item.id });
      void answer(r, item.text);
    }
  }

  // — rooms —

  function enter(conversation: Conversation, carried: Carry | null): void {
    if (room?.conversation.id === conversation.id) return;
    if (room) closeRoom(room);
    const r: Room = {
      conversation,
      unsubscribe: null,
      loaded: false,
      stored: [],
      streamError: null,
      failure: null,
      reconnecting: false,
      outbox: carried ? carriedItems(carried, newId) : [],
      chat: initialChatState,
      line: Promise.resolve(),
      failures: 0,
      left: false,
      carried,
      carriedSent: false,
      answered: false,
      goneHandled: false,
      feedPosted: false,
      overdue: null,
    };
    draft = carried?.draft ?? '';
    room = r;
    conversationStatus = { status: 'ready', conversation };
    listen(r);
  }

  function closeRoom(r: Room): void {
    r.unsubscribe?.();
    r.unsubscribe = null;
    if (r.overdue) clearTimeout(r.overdue);
    r.overdue = null;
  }

  function patchItem(r: Room, id: string, fields: Partial<OutboxItem>): void {
    r.outbox = r.outbox.map((item) => (item.id === id ? { ...item, ...fields } : item));
    if (r === room) changed();
  }

  // — the outbox —

  function inTurn<T>(r: Room, task: () => Promise<T>): Promise<T> {
    const turn = r.line.then(task);
    r.line = turn.catch(() => undefined);
    return turn;
  }

  function queue(r: Room, id: string): Promise<TurnEnd> {
    const failuresBefore = r.failures;
    return inTurn(r, async (): Promise<TurnEnd> => {
      if (r.left) return 'carried';
      const item = r.outbox.find((i) => i.id === id);
      if (!item || item.delivery !== 'sending') return 'failed';
      if (r.failures !== failuresBefore) {
        patchItem(r, id, { delivery: 'failed' });
        return 'failed';
      }
      return deliver(r, item);
    });
  }

  /** One message's turn: saved (then asked about), or failed, or carried to a new conversation. */
  async function deliver(r: Room, item: OutboxItem): Promise<TurnEnd> {
    // §4 steps 4–5 at send time: a conversation that is over by the server's clock (a tab left open
    // past its 24 hours) is replaced, and the message goes to the new one.
    if (isExpired(r) && mayLeave(r)) return (await leaveRoom(r, null)) ? 'carried' : 'failed';
    let saved: Message;
    try {
      saved = await saveWhenOnline(r, item);
    } catch (error) {
      if (conversationRefusal(error, 'write') && mayLeave(r)) {
        return (await leaveRoom(r, null)) ? 'carried' : 'failed';
      }
      console.error('Saving the message failed', error);
      r.failures += 1;
      patchItem(r, item.id, { delivery: 'failed' });
      dispatch(r, { type: 'failed', alert: 'failedToSendMessage' });
      return 'failed';
    }
    // The save has just told the session the server's time: a conversation that turns out to be over
    // is left now, with this message, rather than refused by the assistant a moment later.
    if (isExpired(r) && mayLeave(r)) {
      patchItem(r, item.id, { delivery: 'sent' });
      if (await leaveRoom(r, item.text)) return 'carried';
    }
    // Saved, so the assistant is asked (§4's order) — before the screen is told, so the chat call
    // leaves ahead of the page's re-render instead of after it. Its answer cannot come back before
    // the wait below is recorded: asking takes at least a network round trip.
    const answered = answer(r, item.text);
    patchItem(r, item.id, { delivery: 'sent' });
    dispatch(r, { type: 'awaiting-reply', afterMessageId: saved.id });
    void answered;
    return 'sent';
  }

  /**
   * Saves `item` once the device is online. A message sent offline waits in the outbox ('Sending…')
   * rather than fail, and a save cut off by the connection going is made again when it returns —
   * under the same id, so a first attempt that did reach the server leaves one copy.
   */
  async function saveWhenOnline(r: Room, item: OutboxItem): Promise<Message> {
    for (;;) {
      await network.whenOnline();
      try {
        return await data.addMessage(r.conversation.id, { id: item.id, role: 'user', text: item.text });
      } catch (error) {
        if (network.isOnline() || r.left) throw error;
      }
    }
  }

  /**
   * Moves on to a new conversation with what was not sent in `r` (`first` ahead of the rest) and the
   * draft. False when none could be created: the session stays, the waiting messages marked failed.
   */
  async function leaveRoom(r: Room, first: string | null): Promise<boolean> {
    if (r.left) return true; // already on its way to a new conversation
    r.left = true;
    const carry = carryOf(r.outbox, first, draft);
    if (await moveTo(carry)) return true;
    r.left = false;
    r.failures += 1;
    r.outbox = r.outbox.map((i) => (i.delivery === 'sending' ? { ...i, delivery: 'failed' } : i));
    if (r === room) changed();
    return false;
  }

  // — the assistant —

  async function ask(r: Room, message: string): Promise<ChatResponse> {
    const idToken = await auth.getIdToken();
    return chat.send(sendBody(business, r.conversation.id, message, timeZone), { idToken });
  }

  async function resume(r: Room, toolRequest: ToolRequest, response: ResumeResponse): Promise<ChatResponse> {
    const idToken = await auth.getIdToken();
    return chat.resume(resumeBody(business, r.conversation.id, toolRequest, response, timeZone), {
      idToken,
    });
  }

  /**
   * Applies a response: a phone sign-in interrupt (shown once per conversation; the reducer knows),
   * else its smart replies (normalised, at most 4), else `fallback`.
   */
  function apply(
    r: Room,
    response: ChatResponse,
    previousUserText: string | null,
    fallback: SmartReply[] = [],
  ) {
    const replies = normaliseSmartReplies(response.smartReplies);
    const smartReplies = replies.length > 0 ? replies : fallback;
    const interrupt = phoneSignInInterrupt(response);
    r.answered = true;
    if (interrupt) {
      dispatch(r, {
        type: 'interrupt-received',
        interrupt,
        smartReplies,
        previousUserText,
        now: Date.now(),
        defaultPrompt: texts.authPromptDefault,
      });
    } else {
      dispatch(r, { type: 'reply-received', smartReplies });
    }
  }

  /**
   * Asks the assistant about the visitor's `text` and applies its answer. When the assistant refuses
   * the conversation itself, the question goes to a new one; any other failure becomes the 'Failed
   * to get AI response' alert with a 'Try again' reply. Never throws.
   */
  async function answer(r: Room, text: string): Promise<void> {
    try {
      apply(r, await ask(r, text), text);
    } catch (error) {
      if (conversationRefusal(error, 'chat') && mayLeave(r) && (await inTurn(r, () => leaveRoom(r, text)))) {
        return;
      }
      console.error('The chat service failed', error);
      dispatch(r, { type: 'failed', alert: 'failedToGetAiResponse', smartReplies: RETRY_SMART_REPLIES });
    }
  }

  function saveSystemMessage(r: Room, text: string): Promise<Message> {
    return data.addMessage(r.conversation.id, { id: newId(), role: 'system', text, type: 'system' });
  }

  // — moving to a new conversation —

  async function createConversation(): Promise<Conversation> {
    // A double click (or the header button and a 'start a new chat' reply at once) makes one.
    creating ??= createConversationFor(business, { data, auth, session: storage, now: clock.now }).finally(
      () => {
        creating = null;
      },
    );
    return creating;
  }

  async function moveTo(carry: Carry | null): Promise<boolean> {
    newChatFailed = false;
    changed();
    try {
      const conversation = await createConversation();
      enter(conversation, carry);
      navigateTo = { conversationId: conversation.id };
      changed();
      return true;
    } catch (error) {
      console.error('Creating a new conversation failed', error);
      newChatFailed = true;
      changed();
      return false;
    }
  }

  /**
   * Closes the pending interrupt of the conversation shown (its widget goes, the input comes back) for
   * a command that answers it; null when none is pending.
   */
  function takeInterrupt() {
    const r = room;
    const interrupt = state.interrupt;
    if (!r || !interrupt) return null;
    dispatch(r, { type: 'interrupt-closed', key: interrupt.key });
    return { r, interrupt };
  }

  /** §3 feed item on the visitor's first signup, at most once per conversation; a failure is only logged. */
  async function postSignupFeed(r: Room, user: ConfirmedUser): Promise<void> {
    if (!user.isNewUser || r.feedPosted) return;
    r.feedPosted = true;
    try {
      const conversation = await data.getConversation(r.conversation.id);
      if (!conversation || conversation.signupFeedPosted) return;
      await data.addFeedItem(business.id, signupFeedItem(user, r.conversation.id));
      await data.markSignupFeedPosted(r.conversation.id);
    } catch (error) {
      console.error('Posting the signup feed item failed', error);
    }
  }

  async function sendText(r: Room, raw: string): Promise<boolean> {
    const text = normaliseOutgoing(raw);
    if (!text) return true;
    dispatch(r, { type: 'action-started' });
    const id = newId();
    r.outbox = [...r.outbox, { id, text, delivery: 'sending' }];
    if (r === room) changed();
    return (await queue(r, id)) !== 'failed';
  }

  const session: ChatSession = {
    clock,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    start() {
      started = true;
      if (room) {
        listen(room);
        scheduleOverdue(room);
      }
    },
    stop() {
      started = false;
      if (room) closeRoom(room);
    },
    open(conversationId) {
      if (conversationId && room?.conversation.id === conversationId) return;
      const key = conversationId ?? '';
      if (opening?.key === key) return;
      const job = { key };
      opening = job;
      void resolveConversation(business, conversationId, {
        data,
        auth,
        session: storage,
        now: clock.now,
        retryDelaysMs: options.readRetryDelaysMs ?? READ_RETRY_DELAYS_MS,
      }).then((resolution) => {
        if (opening !== job) return;
        opening = null;
        switch (resolution.kind) {
          case 'redirect':
            navigateTo = { conversationId: resolution.conversationId };
            break;
          case 'ready':
            enter(resolution.conversation, null);
            // Made just now, so nothing is in it: its (empty) list is known without waiting for the
            // live stream's first answer, and the visitor can write at once (decision 0021).
            if (resolution.created && room) loadedOnce(room);
            if (resolution.conversation.id !== conversationId) {
              navigateTo = { conversationId: resolution.conversation.id };
            }
            break;
          case 'failed':
            console.error('Creating a conversation failed', resolution.error);
            conversationStatus = { status: 'error', error: 'failedToCreateConversation' };
            break;
          case 'unreadable':
            // The thread is kept: the URL and the tab still name it, so a reload tries again.
            console.error('Reading the conversation failed after retries', resolution.error);
            conversationStatus = {
              status: 'error',
              error: 'failedToListen',
              ...(conversationId ? { conversationId } : {}),
            };
            break;
        }
        changed();
      });
    },
    async send(text) {
      const r = room;
      if (!r) return false;
      return sendText(r, text);
    },
    async retry(messageId) {
      const r = room;
      const item = r?.outbox.find((i) => i.id === messageId);
      if (!r || !item || item.delivery !== 'failed') return false;
      dispatch(r, { type: 'action-started' });
      // At the end of the line, under the same id: if an earlier attempt landed after all, this
      // write is a no-op that answers with the stored copy.
      r.outbox = [...r.outbox.filter((i) => i.id !== messageId), { ...item, delivery: 'sending' }];
      changed();
      return (await queue(r, messageId)) !== 'failed';
    },
    async tryAgain() {
      const r = room;
      if (!r) return;
      dispatch(r, { type: 'action-started' });
      const previous = lastUserMessageText(r.stored);
      if (previous === null) {
        try {
          await saveSystemMessage(r, texts.noPreviousMessage);
        } catch (error) {
          console.error('Saving the notice failed', error);
          dispatch(r, { type: 'failed', alert: 'failedToSendMessage' });
        }
        return;
      }
      if (isExpired(r) && mayLeave(r)) {
        await inTurn(r, () => leaveRoom(r, previous));
        return;
      }
      dispatch(r, { type: 'awaiting-reply', afterMessageId: r.stored.at(-1)?.id ?? null });
      await answer(r, previous);
    },
    async chooseSmartReply(reply) {
      const r = room;
      if (!r) return;
      // Any smart reply while the interrupt is pending is an answer to it: the visitor declines.
      if (state.interrupt) return session.declineInterrupt(reply);
      await sendText(r, reply.text);
    },
    async answerInterrupt(user) {
      const taken = takeInterrupt();
      if (!taken) return;
      const { r, interrupt } = taken;
      try {
        const notice = await saveSystemMessage(r, texts.phoneVerified);
        void postSignupFeed(r, user);
        dispatch(r, { type: 'awaiting-reply', afterMessageId: notice.id });
        try {
          const response = await resume(r, interrupt.toolRequest, {
            requiresAuth: true,
            action: 'PHONE_SIGN_IN',
            // Words to the assistant, not to the visitor: English whatever the page's language.
            message: EN.ui.authSuccessfulResume,
          });
          apply(r, response, interrupt.previousUserText);
        } catch (resumeError) {
          // The assistant lost the paused request: asking the original question again picks the
          // conversation up where it was, now with the visitor signed in.
          console.error('Resuming after sign-in failed; re-sending the previous message', resumeError);
          if (!interrupt.previousUserText) throw resumeError;
          apply(r, await ask(r, interrupt.previousUserText), interrupt.previousUserText);
        }
      } catch (error) {
        console.error('Completing sign-in failed', error);
        dispatch(r, { type: 'failed', alert: 'failedToCompleteSignIn' });
      }
    },
    async declineInterrupt(reply) {
      const taken = takeInterrupt();
      if (!taken) return;
      const { r, interrupt } = taken;
      try {
        const saved = await data.addMessage(r.conversation.id, {
          id: newId(),
          role: 'user',
          text: reply.text,
        });
        dispatch(r, { type: 'awaiting-reply', afterMessageId: saved.id });
        const response = await resume(r, interrupt.toolRequest, {
          requiresAuth: true,
          action: 'PHONE_SIGN_IN_DECLINED',
          message: reply.text,
          declined: true,
        });
        apply(r, response, reply.text, DECLINE_FALLBACK_SMART_REPLIES);
      } catch (error) {
        console.error('Declining sign-in failed', error);
        dispatch(r, { type: 'failed', alert: 'failedToProcessSelection' });
      }
    },
    async cancelInterrupt() {
      const taken = takeInterrupt();
      if (!taken) return;
      const { r } = taken;
      try {
        await saveSystemMessage(r, texts.authCancelled);
      } catch (error) {
        console.error('Saving the cancellation notice failed', error);
        dispatch(r, { type: 'failed', alert: 'failedToSendMessage' });
      }
    },
    startNewConversation: () => moveTo(null),
    async leave() {
      const r = room;
      if (!r || !mayLeave(r)) return false;
      return inTurn(r, () => leaveRoom(r, null));
    },
    setDraft(text) {
      draft = text;
    },
    carriedDraft: () => room?.carried?.draft ?? '',
    dismissAlert(source) {
      if (source === 'new-chat') newChatFailed = false;
      else if (source === 'messages' && room) room.streamError = null;
      else if (room) room.chat = chatReducer(room.chat, { type: 'dismiss-alert' });
      changed();
    },
  };
  return session;
}
