import type { AssistantTurn } from '../../assistant-types.js';
import type { Intent } from '../intents.js';
import type { AnswerContext } from './answer-context.js';
import { contactAnswer } from './contact.js';
import { fallbackAnswer, thanksAnswer } from './fallback.js';
import { hoursAnswer } from './hours.js';
import { introductionAnswer } from './introduction.js';
import { locationAnswer, parkingAnswer } from './location.js';
import { pricesAnswer } from './knowledge-answers.js';
import { servicesAnswer } from './services.js';

/** The intents answered from the business's details alone, without sign-in or a search. */
export type InfoIntent = Exclude<Intent, 'booking' | 'handoff'>;

/** The answer to an intent that needs no sign-in; `tomorrow`: the visitor asked about tomorrow. */
export function infoAnswer(
  intent: InfoIntent,
  ctx: AnswerContext,
  options: { tomorrow?: boolean } = {},
): AssistantTurn {
  switch (intent) {
    case 'hours':
      return hoursAnswer(ctx, options);
    case 'location':
      return locationAnswer(ctx);
    case 'parking':
      return parkingAnswer(ctx);
    case 'contact':
      return contactAnswer(ctx);
    case 'services':
      return servicesAnswer(ctx);
    case 'prices':
      return pricesAnswer(ctx, null);
    case 'introduction':
      return introductionAnswer(ctx);
    case 'thanks':
      return thanksAnswer(ctx);
    case 'fallback':
      return fallbackAnswer(ctx);
  }
}
