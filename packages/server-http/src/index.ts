/**
 * What both chat servers (the mock server and packages/chat-service) do alike over HTTP, so the page
 * and the contract suites cannot tell them apart: the JSON error contract (`{ error: { code, message } }`
 * with core's status for the code, a message naming the field for a bad body, the body parser's and
 * Node's own refusals in the same shape), the body guards, the chat turn's checks, one answer per
 * question (the answered turns), the per-client limit and the drain on shutdown. README.md lists them.
 */
export { errorHandler, notFoundHandler, parseOrThrow, sendError } from './error-answers.js';
export { frameworkRefusal, requestPath } from './framework-errors.js';
export type { Refusal } from './framework-errors.js';
export { refuseDeclaredOversize, requireJsonBody } from './body-guards.js';
export { answerClientError } from './client-error.js';
export { plural } from './plural.js';
export { assertConversationAccess, bearerToken } from './conversation-access.js';
export { assertResumable, chatAnswer, checkChatTurn, parseChatBody } from './chat-request.js';
export { callerGone } from './caller-gone.js';
export { closeIdleConnectionsUntilClosed } from './close-connections.js';
export type { ChatBody, ChatTurnFacts } from './chat-request.js';
export { envHost, envHostPort, envInteger, envScenariosDir } from './env-variables.js';
export {
  failedOutcome,
  leaseExpired,
  replyMessageId,
  TURN_LEASE_MS,
  TURN_WAIT_MS,
} from './answered-turns.js';
export type { AnsweredTurns, TurnClaim, TurnOutcome } from './answered-turns.js';
export { createMemoryAnsweredTurns } from './memory-answered-turns.js';
export { createDrain, DEFAULT_DRAIN_TIMES } from './drain.js';
export type { Drain, DrainOutcome, DrainTimes, TurnInFlight } from './drain.js';
export { PHONE_PROVIDER, phoneVerifiedUser } from './phone-verified.js';
export { passToTeam } from './pass-to-team.js';
export { createWindowLimiter } from './window-limiter.js';
export type { WindowLimiter, WindowLimiterOptions } from './window-limiter.js';
export { rateLimited } from './rate-limit.js';
export type { TeamRequestToPass } from './pass-to-team.js';
export type { PhoneClaims } from './phone-verified.js';
