/** The bodies of §7's chat-service calls, built in one place. */
import {
  DEFAULT_CONTEXT_TYPE,
  PHONE_SIGN_IN_TOOL,
  type Business,
  type ChatInterrupt,
  type ChatResponse,
  type ChatResumeBody,
  type ChatSendBody,
  type Language,
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

function common(business: Business, conversationId: string, timeZone: string, language?: Language) {
  return {
    conversationId,
    businessId: business.id,
    profileId: business.id || 'default',
    contextType: DEFAULT_CONTEXT_TYPE,
    userTimezone: timeZone,
    ...(language ? { language } : {}),
  };
}

/**
 * §7 normal send body; `messageId` names the visitor's message when it is asked about while its save
 * is still on the way (decision 0025); `language` is the page's, for the assistant's reply.
 */
export function sendBody(
  business: Business,
  conversationId: string,
  message: string,
  timeZone = visitorTimeZone(),
  messageId?: string,
  language?: Language,
): ChatSendBody {
  return {
    message,
    ...common(business, conversationId, timeZone, language),
    ...(messageId ? { messageId } : {}),
  };
}

/** §7 resume body: the tool request the assistant sent back, with the visitor's answer. */
export function resumeBody(
  business: Business,
  conversationId: string,
  toolRequest: ToolRequest,
  response: ResumeResponse,
  timeZone = visitorTimeZone(),
  language?: Language,
): ChatResumeBody {
  return {
    ...common(business, conversationId, timeZone, language),
    resume: { respond: [{ toolRequest, response }] },
  };
}

/** The phone sign-in interrupt in a response, if the assistant asked for one. */
export function phoneSignInInterrupt(response: ChatResponse): ChatInterrupt | undefined {
  return response.interrupts?.find((interrupt) => interrupt.toolRequest.name === PHONE_SIGN_IN_TOOL);
}
