/**
 * The parts of the built-in (rule-based) assistant this one reuses rather than repeats: the
 * open-now rule over core's hours, the receptionist's formatting of times, map links, and the
 * booking-update answer (the page's `?i=` link is handled exactly as the built-in handles it).
 */
export { openStatus } from '../../../mock-server/src/assistant/open-status.js';
export type { NextOpening, OpenStatus } from '../../../mock-server/src/assistant/open-status.js';
export {
  formatDay,
  formatTime,
  sameWallClock,
  timeZoneLabel,
  weekdayLabel,
} from '../../../mock-server/src/assistant/format-hours.js';
export { mapsUrl } from '../../../mock-server/src/assistant/markdown-text.js';
export { createAssistant as createBuiltInAssistant } from '../../../mock-server/src/assistant/index.js';
export type { AssistantInput, AssistantTurn } from '../../../mock-server/src/assistant/assistant-types.js';
export { phoneSignInInterrupt } from '../../../mock-server/src/assistant/answers/booking.js';
export { pickReplies } from '../../../mock-server/src/assistant/smart-replies.js';
export { interruptRef } from '../../../mock-server/src/assistant/respond-to-message.js';
