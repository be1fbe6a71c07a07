// "Sign the visitor out" (issue 28, item 4): a visitor who verified their phone stays signed in through
// 'New chat', reloads and clock moves, so the verification cannot be shown twice without it. The server
// signs out every session that spoke in the conversation (POST …/sign-out); the page then goes on as an
// anonymous visitor and asks for the phone again at the next question that needs it.
import { call, conversationPath } from './control-api.js';

/** Offered only for a visitor who verified (the list's visitorVerified). */
export function showSignOut(button, verified) {
  button.disabled = !verified;
}

export function wireSignOut(button, { actOnPicked, afterSignOut }) {
  button.addEventListener('click', () =>
    actOnPicked(
      'The visitor is signed out: their next question that needs a verified phone shows the verification box again. "Raise on the next reply" works again.',
      async (id) => {
        await call('POST', conversationPath(id, '/sign-out'));
        await afterSignOut();
      },
    ),
  );
}
