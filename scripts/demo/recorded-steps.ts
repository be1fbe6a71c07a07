/**
 * How `demo record` reads a conversation back into scenario steps, so that replaying the file plays
 * what happened (the step kinds are mock-server/scenarios/README.md's):
 *
 * - each visitor message becomes a step matching exactly that text (a booking update: a
 *   bookingUpdate step), with the assistant's answer that followed as its reply;
 * - the phone verification box (the stored `auth` message, decision 0010) becomes that step's
 *   `interrupt`, its reply being the text that came with the box;
 * - what the visitor did with the box becomes a `resume` step with the answer that followed. The
 *   page writes it down (decision 0010): "Verify later" or "Need more info about services" (in the
 *   visitor's language) as the visitor's message (declined: any visitor message while the box is open,
 *   since the page's input is disabled then), or the "✓ Phone number verified successfully" notice (verified;
 *   any language: a notice after the box that the assistant answers). A notice the assistant does
 *   not answer is 'Authentication cancelled' (the box was closed): nothing to replay. A client
 *   that writes nothing down (not the page) leaves the kind unknown: declined is written, with a
 *   comment saying so;
 * - a message a staffer sent from the console is not the assistant's: a scenario cannot send one by
 *   itself, so it is written as a comment where it happened, never merged into a reply.
 */
import { MAX_SMART_REPLIES, bookingUpdateValue, isAuthMessage, isBookingUpdate } from '@chat/core';
import type { Message, RESUME_ACTIONS } from '@chat/core';

/** One entry of GET /control/conversations/:id/messages, in the order the messages were written. */
export interface RecordedMessage {
  message: Message;
  /** Sent by a staffer from the console. */
  staff?: boolean;
}

export interface RecordedStep {
  when: { text: string } | { bookingUpdate: string } | { resume: (typeof RESUME_ACTIONS)[number] };
  reply?: string;
  interrupt?: string;
  smartReplies?: string[];
  /** Written as comments above the step: what happened that the step itself does not replay. */
  notes: string[];
}

export function stepsFrom(entries: readonly RecordedMessage[]): {
  steps: RecordedStep[];
  notesAtEnd: string[];
} {
  const steps: RecordedStep[] = [];
  /** The step the assistant's next answer belongs to. */
  let current: RecordedStep | null = null;
  /** Whether the verification box is open (asked, not yet answered). */
  let boxOpen = false;
  /** A notice written after the box: the visitor verified if the assistant answers it. */
  let noticeAfterBox = false;
  /** Notes for the next step (or the end of the file). */
  let notes: string[] = [];

  const open = (when: RecordedStep['when']): RecordedStep => {
    const step: RecordedStep = { when, notes };
    notes = [];
    steps.push(step);
    return step;
  };

  for (const { message, staff } of entries) {
    const text = message.text.trim();
    if (message.role === 'user') {
      if (text === '') continue;
      // The input is disabled while the box is open: a visitor message then is one of the smart
      // replies that decline it, in whatever language the page showed them (not compared by its words).
      const declines = boxOpen && !isBookingUpdate(message.text);
      boxOpen = false;
      noticeAfterBox = false;
      if (declines) {
        notes.push(`The visitor answered the verification box with "${text}".`);
        current = open({ resume: 'PHONE_SIGN_IN_DECLINED' });
      } else {
        const update = bookingUpdateValue(message.text);
        current = open(isBookingUpdate(message.text) ? { bookingUpdate: update!.slice(0, 80) } : { text });
      }
    } else if (message.role === 'system') {
      // A notice after the box: what the assistant says next answers the box, not the last step.
      if (boxOpen) {
        noticeAfterBox = true;
        boxOpen = false;
        current = null;
      }
    } else if (staff) {
      notes.push(staffNote(text));
    } else if (isAuthMessage(message)) {
      if (current) current.interrupt = text;
      else notes.push(`The phone verification box was shown here: "${text}".`);
      boxOpen = true;
    } else if (text !== '') {
      if (noticeAfterBox) {
        current = open({ resume: 'PHONE_SIGN_IN' });
      } else if (boxOpen) {
        notes.push(
          'The visitor answered the verification box here; the conversation does not say how (only the page writes it down).',
          'Declined is assumed: write PHONE_SIGN_IN below if they verified.',
        );
        current = open({ resume: 'PHONE_SIGN_IN_DECLINED' });
      }
      noticeAfterBox = false;
      boxOpen = false;
      if (current && current.reply === undefined) {
        current.reply = text;
        const replies = message.smartReplies?.map((r) => r.text).slice(0, MAX_SMART_REPLIES);
        if (replies && replies.length > 0) current.smartReplies = replies;
      } else {
        // A second answer to one visitor message, or one before any: not the assistant's turn, so
        // a staffer's (sent before the server last started, which forgets whose messages were whose).
        notes.push(staffNote(text));
      }
    }
  }
  // A visitor message nobody answered still needs the step to do something.
  for (const step of steps) if (!step.reply && !step.interrupt) step.reply = '(write the reply here)';
  return { steps, notesAtEnd: notes };
}

function staffNote(text: string): string {
  return `Here a staffer sent from the console (send it again from the console when replaying):\n  ${text.split('\n').join('\n  ')}`;
}
