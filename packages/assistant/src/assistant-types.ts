import type {
  Business,
  Conversation,
  Message,
  ResumeAction,
  SmartReply,
  TeamRequest,
  ToolRequest,
} from '@chat/core';

export type { TeamRequest } from '@chat/core';

/** What the visitor did this turn: sent a message, or answered a phone sign-in interrupt. */
export type AssistantRequest =
  | { kind: 'message'; text: string }
  | { kind: 'resume'; action: ResumeAction; declined: boolean; toolRequest: ToolRequest };

/**
 * What an assistant keeps about one conversation between turns (a scenario's place in its script):
 * JSON only — no `undefined`, no class instances — because the production chat service stores it in
 * Firestore and any instance may serve the next turn. The service hands back the last value given to
 * ReplyWriter.remember, or null.
 */
export type AssistantMemory = { readonly [key: string]: unknown };

/** Everything the assistant may look at for one turn. It reads nothing else. */
export interface AssistantInput {
  business: Business;
  conversation: Conversation;
  /** The conversation's messages so far, oldest first (the visitor's current message included). */
  history: Message[];
  /** The service's clock for this turn (the mock server's can be moved; see its control API). */
  nowMs: number;
  /** Whether the request carried a valid ID token. */
  signedIn: boolean;
  /** The visitor's IANA time zone, as the page reports it. */
  userTimezone: string;
  /** The page's language (BCP 47, e.g. 'es') when the page says it; absent: English. */
  language?: string;
  request: AssistantRequest;
  /** What this assistant remembered after its previous turn in this conversation, or null. */
  memory: AssistantMemory | null;
}

/** How one reply streams in, overriding the service's own pace for that reply. */
export interface TurnStreaming {
  /** Characters added per step; 0 writes the reply whole. */
  chunkChars: number;
  /** Milliseconds between steps. */
  intervalMs: number;
}

/**
 * What a scripted turn asks of the service besides the reply (scenario steps). A service applies
 * what it can: the production chat service cannot move its clock nor break a Firestore listener, so
 * it logs and skips `moveClockMs` and `dropLiveStream` (see packages/chat-service/README.md).
 */
export interface TurnEffects {
  /** Milliseconds the chat call waits before the reply starts (the page shows its typing indicator). */
  typingDelayMs?: number;
  /** How this reply streams in; the service's pace when absent. */
  streaming?: TurnStreaming;
  /** The turn fails: the chat call answers this HTTP status (400-599) and writes nothing. */
  failWithStatus?: number;
  /** Breaks the conversation's live message stream (the page's 'Refresh Page' state) before replying. */
  dropLiveStream?: boolean;
  /** Moves the service's clock forward by this many milliseconds (negative: back) before replying. */
  moveClockMs?: number;
}

/** The phone sign-in request an assistant raises; the service stores its auth message and returns it. */
export interface TurnInterrupt {
  toolRequest: ToolRequest;
  message: string;
}

/** A whole turn, as the rule-based assistant and the scenario engine compute it. */
export interface AssistantTurn extends TurnEffects {
  /** The reply in markdown; '' means no message is written. */
  reply: string;
  /** Two to four follow-ups for the visitor to tap. */
  smartReplies?: Array<string | SmartReply>;
  /** Set when the visitor must do something (verify a phone number) before the assistant can go on. */
  interrupt?: TurnInterrupt;
  /** What to remember for the conversation's next turn (see AssistantMemory); absent: unchanged. */
  memory?: AssistantMemory;
  /** A request this turn passes to the business's team (ReplyWriter.passToTeam). */
  passToTeam?: TeamRequest;
}

/**
 * Where an assistant writes its turn. Each chat service implements it over its own store: the mock
 * server over its in-memory store and live streams, the production chat service over Firestore with
 * coalesced writes. Nothing reaches the visitor until the assistant calls it.
 */
export interface ReplyWriter {
  /**
   * Scripted effects, applied before anything is written (a `failWithStatus` makes this reject with
   * the status, and the turn stops). Call it at most once, first.
   */
  applyEffects(effects: TurnEffects): Promise<void>;
  /**
   * Adds markdown to the end of the reply: the first call creates the assistant's message
   * (`streaming: true`), later ones grow it. A language model calls it per token batch; a reply
   * known whole is one call, revealed at `effects.streaming`'s pace or the service's. How often the
   * growing text is stored is the service's business (Firestore: a few writes a second at most).
   */
  append(text: string): Promise<void>;
  /** The turn's follow-ups (2-4 are shown); the last call wins. */
  setSmartReplies(replies: Array<string | SmartReply>): void;
  /** Asks the visitor to verify their phone number: stored as an auth message after the reply. */
  interrupt(interrupt: TurnInterrupt): void;
  /**
   * Keeps `memory` for the conversation's next turn (AssistantInput.memory). Kept even when the turn
   * then fails, so a scripted step that fails counts as played.
   */
  remember(memory: AssistantMemory): void;
  /**
   * Passes a request to the business's team (issue 27): a booking request, or a hand-off to a person.
   * The service writes one item to the business's feed once the turn is complete — the customer taken
   * from the verified ID token, never from the assistant — and only for a visitor with a verified
   * phone: an assistant asks an anonymous visitor to verify first (the interrupt). The last call wins;
   * a turn that fails passes nothing on.
   */
  passToTeam(request: TeamRequest): void;
}

/**
 * The assistant both chat services talk to (the mock server's and the production one). `respond`
 * writes one turn through `writer` and resolves when it is complete; the service then ends the
 * message (`streaming` removed, smart replies stored), stores the interrupt's auth message, updates
 * the conversation and answers the HTTP call. A rejection fails the call (HTTP 500, or the status of
 * a failed effect); what was appended before it is ended as it is, so no message stays streaming.
 */
export interface Assistant {
  respond(input: AssistantInput, writer: ReplyWriter): Promise<void>;
}

/** An assistant that computes a whole turn at once (the rule-based one, the scenario engine). */
export interface TurnAssistant {
  /** The same input always gives the same turn: state lives in `input.memory`, never in the object. */
  respond(input: AssistantInput): AssistantTurn;
}
