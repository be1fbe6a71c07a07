// The controls that act on the whole mock server rather than on one conversation: faults, the clock
// and the reset (which asks first, in a modal dialog). The clock reads in the business's time zone.
import { businessTime, zoneName } from './business-time.js';
import { call } from './control-api.js';
import { act } from './status-line.js';

const $ = (id) => document.getElementById(id);

/** What each fault button makes fail, once (POST /control/faults). */
const FAULTS = {
  chat: { operation: 'chat', error: 503, count: 1 },
  listen: { operation: 'listen', error: 'unavailable', count: 1 },
  'otp.send': { operation: 'otp.send', error: 'unavailable', count: 1 },
};

/** Reads the server's clock into the clock line, in `timeZone` (a business's); answers the line's text. */
export async function refreshClock(timeZone) {
  const clock = await call('GET', '/control/clock');
  const hours = clock.offsetMs / 3_600_000;
  const offset = hours === 0 ? 'real time' : `${hours > 0 ? '+' : ''}${hours.toFixed(1)} h from real time`;
  const text = `Server clock: ${businessTime(clock.nowMs, timeZone)}, ${zoneName(timeZone)} (${offset})`;
  $('clock').textContent = text;
  return text;
}

/** "2 conversations expired: …", or nothing when none did. */
function expiredSentence(count) {
  if (!count) return '';
  const which = count === 1 ? '1 conversation expired' : `${count} conversations expired`;
  return ` ${which}: each was told so, and its visitor's next message starts a new conversation.`;
}

/**
 * Wires the fault, clock and reset buttons; `afterReset` and `afterClockMove` bring the rest of the
 * console up to date; `clockZone()` is the time zone to read the clock in.
 */
export function wireServerControls({ afterReset, afterClockMove, clockZone }) {
  for (const button of document.querySelectorAll('[data-fault]')) {
    button.addEventListener('click', () =>
      act(`Fault injected: ${button.textContent}.`, () =>
        call('POST', '/control/faults', FAULTS[button.dataset.fault]),
      ),
    );
  }
  for (const button of document.querySelectorAll('[data-clock]')) {
    button.addEventListener('click', () =>
      // The new time is in the sentence: the status line is what a screen reader announces.
      act(
        ({ clockText, expired }) => `Clock moved. ${clockText}.${expiredSentence(expired)}`,
        async () => {
          let expired = 0;
          if (button.dataset.clock === 'real') await call('DELETE', '/control/clock');
          else {
            const { offsetMs } = await call('GET', '/control/clock');
            const moved = await call('POST', '/control/clock', {
              offsetMs: offsetMs + Number(button.dataset.clock),
            });
            expired = moved.expiredConversations ?? 0;
          }
          await afterClockMove();
          return { clockText: await refreshClock(clockZone()), expired };
        },
      ),
    );
  }

  // Cancel has the focus when the dialog opens, Escape cancels, and the focus comes back to the
  // button either way. (Escape closes without a value: returnValue is emptied before each opening.)
  const resetButton = $('reset-all');
  const resetDialog = $('reset-dialog');
  resetButton.addEventListener('click', () => {
    resetDialog.returnValue = '';
    resetDialog.showModal();
  });
  resetDialog.addEventListener('close', () => {
    resetButton.focus();
    if (resetDialog.returnValue !== 'reset') return;
    void act('Everything is back to the fixtures.', async () => {
      // Everything: the next client meeting starts with real time and no fault waiting, as the first.
      await call('POST', '/control/reset');
      await call('DELETE', '/control/faults');
      await call('DELETE', '/control/clock');
      await afterReset();
      await refreshClock(clockZone());
    });
  });
}
