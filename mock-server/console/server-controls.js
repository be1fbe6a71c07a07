// The controls that act on the whole mock server rather than on one conversation: faults, the clock
// and the reset (which asks first, in a modal dialog).
import { call } from './control-api.js';
import { act } from './status-line.js';

const $ = (id) => document.getElementById(id);

/** What each fault button makes fail, once (POST /control/faults). */
const FAULTS = {
  chat: { operation: 'chat', error: 503, count: 1 },
  listen: { operation: 'listen', error: 'unavailable', count: 1 },
  'otp.send': { operation: 'otp.send', error: 'unavailable', count: 1 },
};

/** Reads the server's clock into the clock line; answers the line's text. */
export async function refreshClock() {
  const clock = await call('GET', '/control/clock');
  const hours = clock.offsetMs / 3_600_000;
  const offset = hours === 0 ? 'real time' : `${hours > 0 ? '+' : ''}${hours.toFixed(1)} h from real time`;
  const text = `Server clock: ${new Date(clock.nowMs).toLocaleString()} (${offset})`;
  $('clock').textContent = text;
  return text;
}

/** Wires the fault, clock and reset buttons; `afterReset` brings the rest of the console up to date. */
export function wireServerControls({ afterReset }) {
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
        (clockText) => `Clock moved. ${clockText}.`,
        async () => {
          if (button.dataset.clock === 'real') await call('DELETE', '/control/clock');
          else {
            const { offsetMs } = await call('GET', '/control/clock');
            await call('POST', '/control/clock', { offsetMs: offsetMs + Number(button.dataset.clock) });
          }
          return refreshClock();
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
      await call('POST', '/control/reset');
      await Promise.all([afterReset(), refreshClock()]);
    });
  });
}
