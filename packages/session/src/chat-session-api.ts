/**
 * What a chat session is to the code that drives it (the page's hook, `demo check`, the benchmark's
 * visitors): its options, `getState()`, `subscribe()` and the commands. chat-session.ts makes one.
 */
import type {
  AuthProvider,
  Business,
  ChatService,
  ConfirmedUser,
  DataProvider,
  KeyValueStore,
  OfferedSmartReply,
} from '@chat/core';
import type { ReplyTexts } from './product-replies.js';
import type { ServerClock } from './server-clock.js';
import type { ChatSessionState, SessionAlert } from './session-view.js';
import type { CallDeadlines } from './timed-services.js';

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
  /**
   * The conversation the page's URL names as the session is made (§4 resolution); undefined: none.
   * The session's first state already says what it will show (`startsNew`); the resolution itself
   * starts with `start()`. A later URL is given to `open`.
   */
  conversationId: string | undefined;
  /** The tab's storage: the conversation id (§3) and the server clock's offset. Must not throw. */
  storage: KeyValueStore;
  /** Default: English. */
  texts?: SessionTexts;
  /** The words of the smart replies the session offers (core's SMART_REPLY_TEXT); default English. */
  replyTexts?: ReplyTexts;
  /** Default: WRITE_TIMEOUT_MS and CHAT_TIMEOUT_MS. */
  deadlines?: CallDeadlines;
  /** Pauses between attempts of a conversation read that failed in passing. */
  readRetryDelaysMs?: readonly number[];
  /** Default: one learned from the server's stamps, remembered in `storage`. */
  clock?: ServerClock;
  /** The visitor's IANA time zone; default the runtime's. */
  timeZone?: string;
  /** The page's language (BCP 47, e.g. 'es'), sent with every chat call so the assistant answers in it; default none (English). */
  language?: string;
  /** Default: newMessageId. */
  newId?: () => string;
  /**
   * The runtime's hint that a lost connection may be back (the page: the browser's `online` event);
   * default none. Whether the connection is there is learned from the session's requests alone.
   */
  connectionHints?: ConnectionHints;
  /** Pauses between attempts of a save while the connection is lost; default RECONNECT_DELAYS_MS. */
  reconnectDelaysMs?: readonly number[];
  /**
   * Calls `run` once, before the runtime's next paint (the page: requestAnimationFrame, with a timer for a
   * hidden tab). A live list that comes while one was already shown in this frame waits for it, and
   * only the newest of those is shown: a reply streamed faster than the screen paints costs one render
   * per frame, not one per piece (live-stream.ts). A message the visitor sends is shown once its
   * requests have left, by the paint after them (outbox-delivery.ts). Default: at once, every list
   * and every message.
   */
  nextFrame?: (run: () => void) => void;
}

/**
 * What the runtime says about the network: a hint that makes the session try again sooner, never a
 * reason not to try (connection.ts; issue 28).
 */
export interface ConnectionHints {
  /** Calls `listener` when the runtime thinks the network is back; returns the function that stops it. */
  onMaybeBack(listener: () => void): Unsubscribe;
}

export type Unsubscribe = () => void;

export interface ChatSession {
  getState(): ChatSessionState;
  /** Calls `listener` after every change of the state; returns the function that stops it. */
  subscribe(listener: () => void): Unsubscribe;
  /**
   * Starts listening (the live stream of the conversation shown); again after `stop`. The first start
   * resolves the conversation the session was made for (`conversationId`).
   */
  start(): void;
  /** Stops listening and drops timers; what is in flight finishes. */
  stop(): void;
  /**
   * Calls `listener` with the conversation id the page's URL should name each time the session moves
   * there (a redirect, a conversation created or replaced; null: the business's address with no
   * conversation, when the URL named one that is not valid and none may be made). An event, told to
   * the listeners subscribed at the time, after `subscribe`'s listeners; returns the function that
   * stops it.
   */
  onNavigate(listener: (conversationId: string | null) => void): Unsubscribe;
  /**
   * Shows the conversation a changed URL names (§4 resolution): it if valid, else the tab's
   * conversation (by redirect), else a new one. Opening the one shown, or one being opened, does
   * nothing; the resolution runs once the session is started.
   */
  open(conversationId: string | undefined): void;
  /** §4 "Sending a user message"; false when it could not be saved (it waits for Retry). */
  send(text: string): Promise<boolean>;
  /** Sends a message whose save failed once more, under the same id (a no-op if it landed meanwhile). */
  retry(messageId: string): Promise<boolean>;
  /** 'try again' (§4): the last visitor message goes to the assistant once more. */
  tryAgain(): Promise<void>;
  /**
   * A smart reply: one offered for the pending interrupt ('decline') answers it, else its words are
   * sent as the visitor's. Special actions ('try-again', …) are the caller's to run first.
   */
  chooseSmartReply(reply: OfferedSmartReply): Promise<void>;
  /** The visitor signed in through the phone widget: the assistant resumes. */
  answerInterrupt(user: ConfirmedUser): Promise<void>;
  /** The visitor chose `reply` instead of signing in. */
  declineInterrupt(reply: OfferedSmartReply): Promise<void>;
  /** The visitor closed the phone widget. */
  cancelInterrupt(): Promise<void>;
  /** Creates a new conversation and shows it; false (with an alert) when it cannot be created. */
  startNewConversation(): Promise<boolean>;
  /**
   * What the visitor has typed and not sent, in the conversation shown: the message box shows it (the
   * session is its one owner); carried along when the session leaves a conversation for a new one, and
   * empty in a conversation entered otherwise. Changing it does not change `getState()`'s object.
   */
  getDraft(): string;
  setDraft(text: string): void;
  dismissAlert(source: SessionAlert['source']): void;
}
