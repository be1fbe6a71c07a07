// The console's status line (role="status", polite): how the staffer's last action went, and what
// changed without them (a lost connection, a conversation that is gone).

/** How long the line stays empty before a repeated sentence is written again. */
const REPEAT_DELAY_MS = 150;

let repeat;

/**
 * Shows `message` (in the danger colour when `isError`). Screen readers announce a live region only
 * when its text changes, so the same sentence twice in a row (two messages sent) is cleared first and
 * written again a moment later.
 */
export function say(message, isError = false) {
  const status = document.getElementById('status');
  clearTimeout(repeat);
  status.classList.toggle('error', isError);
  if (status.textContent !== message) {
    status.textContent = message;
    return;
  }
  status.textContent = '';
  repeat = setTimeout(() => {
    status.textContent = message;
  }, REPEAT_DELAY_MS);
}

/**
 * Runs a staffer's action and says how it went: `done` is the sentence, or makes it from the action's
 * answer. A failure is said as "Could not do that: …" unless `handled(error)` dealt with it.
 */
export async function act(done, action, handled = () => false) {
  try {
    const answer = await action();
    say(typeof done === 'function' ? done(answer) : done);
  } catch (error) {
    if (!handled(error)) say(`Could not do that: ${error.message}`, true);
  }
}
