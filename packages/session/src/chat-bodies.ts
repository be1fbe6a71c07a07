/** The bodies of §7's chat-service calls, built in one place. */
import {
  DEFAULT_CONTEXT_TYPE,
  PHONE_SIGN_IN_TOOL,
  type Business,
  type ChatInterrupt,
  type ChatResponse,
  type ChatResumeBody,
  type ChatSendBody,
  type ResumeResponse,
  type ToolRequest,
} from '@chat/core';

/** The visitor's IANA time zone; UTC when the runtime cannot tell. */
export function visitorTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

function common(business: Business, conversationId: string, timeZone: string) {
  return {
    conversationId,
    businessId: business.id,
    profileId: business.id || 'default',
    contextType: DEFAULT_CONTEXT_TYPE,
    userTimezone: timeZone,
  };
}

/**
 * §7 normal send body; `messageId` names the message it answers (the visitor's): the chat service
 * answers once it is stored (decision 0025), and once only (issue 27).
 */
export function sendBody(
  business: Business,
  conversationId: string,
  message: string,
  timeZone = visitorTimeZone(),
  messageId?: string,
): ChatSendBody {
  return { message, ...common(business, conversationId, timeZone), ...(messageId ? { messageId } : {}) };
}

/**
 * §7 resume body: the tool request the assistant sent back, with the visitor's answer; `messageId`
 * names the message the page saved as the visitor answered (the notice, or the reply chosen), which
 * the resume answers once only (issue 27).
 */
export function resumeBody(
  business: Business,
  conversationId: string,
  toolRequest: ToolRequest,
  response: ResumeResponse,
  timeZone = visitorTimeZone(),
  messageId?: string,
): ChatResumeBody {
  return {
    ...common(business, conversationId, timeZone),
    ...(messageId ? { messageId } : {}),
    resume: { respond: [{ toolRequest, response }] },
  };
}

/** The phone sign-in interrupt in a response, if the assistant asked for one. */
export function phoneSignInInterruptIn(response: ChatResponse): ChatInterrupt | undefined {
  return response.interrupts?.find((interrupt) => interrupt.toolRequest.name === PHONE_SIGN_IN_TOOL);
}
