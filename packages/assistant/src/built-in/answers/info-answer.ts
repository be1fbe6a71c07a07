import type { AssistantTurn } from '../../assistant-types.js';
import type { Intent } from '../intents.js';
import type { AnswerContext } from './answer-context.js';
import { fallbackAnswer, thanksAnswer } from './fallback.js';
import { hoursAnswer } from './hours.js';
import { introductionAnswer } from './introduction.js';
import { locationAnswer } from './location.js';
import { servicesAnswer } from './services.js';

/** The answer to any intent that needs no sign-in (everything but booking changes). */
export function infoAnswer(intent: Exclude<Intent, 'booking'>, ctx: AnswerContext): AssistantTurn {
  switch (intent) {
    case 'hours':
      return hoursAnswer(ctx);
    case 'location':
      return locationAnswer(ctx);
    case 'services':
      return servicesAnswer(ctx);
    case 'introduction':
      return introductionAnswer(ctx);
    case 'thanks':
      return thanksAnswer(ctx);
    case 'fallback':
      return fallbackAnswer(ctx);
  }
}
