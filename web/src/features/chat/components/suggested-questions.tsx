import { PAGE_TEXT } from '../../../lib/i18n/active-text.js';
import type { SuggestedQuestion } from '@chat/core';
import { useOneChoiceAtATime } from '../hooks/use-one-choice-at-a-time.js';
import './suggested-questions.css';

export interface SuggestedQuestionsProps {
  questions: SuggestedQuestion[];
  disabled: boolean;
  /** Sends the question; while its promise is pending, the cards ignore further presses. */
  onSelect(question: SuggestedQuestion): unknown;
}

/** The business's suggested questions (§2), shown as cards while the conversation is empty. */
export function SuggestedQuestions({ questions, disabled, onSelect }: SuggestedQuestionsProps) {
  const choose = useOneChoiceAtATime(onSelect);
  if (questions.length === 0) return null;
  return (
    <div
      // Three fit one row; any other number goes two by two, so the grid never ends 3 + 1.
      className={
        questions.length === 3 ? 'suggested-questions suggested-questions--three' : 'suggested-questions'
      }
      role="group"
      aria-label={PAGE_TEXT.suggestedQuestions}
    >
      {questions.map((question, index) => (
        <button
          key={`${index}:${question.line1}`}
          type="button"
          className="suggested-questions__card"
          disabled={disabled}
          onClick={(event) => choose(question, event)}
        >
          <span className="suggested-questions__line1">{question.line1}</span>
          {/* The space keeps the button's accessible name "line1 line2" rather than the two run together. */}
          {question.line2 && (
            <>
              {' '}
              <span className="suggested-questions__line2">{question.line2}</span>
            </>
          )}
        </button>
      ))}
    </div>
  );
}
