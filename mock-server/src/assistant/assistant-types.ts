import type { Business, Conversation, Message, ResumeAction, SmartReply, ToolRequest } from '@chat/core';

/** Everything the assistant may look at for one turn. It reads nothing else and writes nothing. */
export interface AssistantInput {
  business: Business;
  conversation: Conversation;
  /** The conversation's messages so far, oldest first (the visitor's current message included). */
  history: Message[];
  nowMs: number;
  /** Whether the request carried a valid ID token. */
  signedIn: boolean;
  /** The visitor's IANA time zone, as the page reports it. */
  userTimezone: string;
  request:
    | { kind: 'message'; text: string }
    | { kind: 'resume'; action: ResumeAction; declined: boolean; toolRequest: ToolRequest };
}

/** How one reply streams in, overriding the server's STREAM_* settings for that reply. */
export interface TurnStreaming {
  /** Characters added per step; 0 writes the reply whole. */
  chunkChars: number;
  /** Milliseconds between steps. */
  intervalMs: number;
}

export interface AssistantTurn {
  /** The reply in markdown; '' means no message is written. */
  reply: string;
  /** Two to four follow-ups for the visitor to tap. */
  smartReplies?: Array<string | SmartReply>;
  /** Set when the visitor must do something (verify a phone number) before the assistant can go on. */
  interrupt?: { toolRequest: ToolRequest; message: string };
  /** Milliseconds the chat call waits before the reply starts (the page shows its typing indicator). */
  typingDelayMs?: number;
  /** How this reply streams in; the server's settings when absent. */
  streaming?: TurnStreaming;
  /** The turn fails: the chat call answers this HTTP status (400-599) and writes nothing. */
  failWithStatus?: number;
  /** Breaks the conversation's live message stream (the page's 'Refresh Page' state) before replying. */
  dropLiveStream?: boolean;
  /** Moves the server's clock forward by this many milliseconds (negative: back) before replying. */
  moveClockMs?: number;
}

/**
 * The mock chat service's brain. Implementations: the built-in rule-based assistant (this folder)
 * and the scripted scenario engine (../scenarios/); ../scenarios/assistant-switch.ts picks one per
 * conversation. The chat route applies every field of the turn the same way whoever produced it.
 */
export interface Assistant {
  /**
   * The assistant's answer to one message or resume. The built-in assistant is pure (the same input
   * gives the same turn); the scenario engine also remembers where each conversation is in its script.
   */
  respond(input: AssistantInput): AssistantTurn;
  /** Forgets every conversation's state (after a control reset). Optional: stateless assistants omit it. */
  reset?(): void;
}
