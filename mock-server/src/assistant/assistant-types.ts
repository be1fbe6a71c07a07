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

export interface AssistantTurn {
  /** The reply in markdown; '' means no message is written. */
  reply: string;
  /** Two to four follow-ups for the visitor to tap. */
  smartReplies?: Array<string | SmartReply>;
  /** Set when the visitor must do something (verify a phone number) before the assistant can go on. */
  interrupt?: { toolRequest: ToolRequest; message: string };
}

export interface Assistant {
  /** The assistant's answer to one message or resume. Deterministic: the same input gives the same turn. */
  respond(input: AssistantInput): AssistantTurn;
}
