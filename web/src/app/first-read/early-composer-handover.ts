/**
 * The message box works from the first frame (issue 31): index.html's composer is enabled, and the
 * first-read script (web/build/early-composer-script.ts) makes it behave like the app's until the app's
 * first render replaces it — Enter holds the text to be sent, the send button follows the text, and the
 * draft is kept in the tab's sessionStorage so a reload during start does not lose it. What the script
 * and the app agree on lives here: where the script leaves its state, the stored draft's key and shape,
 * and reading what the visitor left in the box (the app's side: features/composer/early-composer.ts).
 */

/** Where the first-read script leaves the early box's state. */
export const EARLY_COMPOSER_GLOBAL = '__chatEarlyComposer';

/**
 * Set by the app once its own box has replaced index.html's (adoptEarlyBox at commit, or finishEarlyComposer): a script that
 * starts the early box only then leaves the page alone (its start runs a task after the script).
 */
export const EARLY_COMPOSER_TAKEN_GLOBAL = '__chatEarlyComposerTaken';

/** Tells a first-read script that has not started the early box yet that the app's box is in (see above). */
export function markEarlyBoxTaken(scope: typeof globalThis = globalThis): void {
  (scope as typeof globalThis & { [EARLY_COMPOSER_TAKEN_GLOBAL]?: boolean })[EARLY_COMPOSER_TAKEN_GLOBAL] =
    true;
}

/**
 * sessionStorage key of the draft typed before the app took the box over: one tab, one business. Read
 * back by the script after a reload (into the box) and dropped once the conversation view has the text.
 */
export const EARLY_DRAFT_STORAGE_KEY = 'chat.earlyDraft';

export interface StoredEarlyDraft {
  businessId: string;
  /** What was in the box, or what an Enter (or a suggested question) asked to send. */
  text: string;
}

/** What the first-read script keeps while it runs the box in index.html. */
export interface EarlyComposerScriptState {
  /** The business the URL names ('' when the script cannot tell: a handle, an unknown path). */
  businessId: string;
  /** The box in index.html, once the document is parsed. */
  box: HTMLTextAreaElement | null;
  /** Text an Enter (or a suggested question) asked to send; the box holds it, read-only, meanwhile. */
  pendingSend: string | null;
  /** Whether the visitor's focus is in the box (a box taken out of the document keeps the last answer). */
  focused: boolean;
}

/** What the visitor left in the early box, for the app to take over. */
export interface EarlyBox {
  businessId: string;
  draft: string;
  selection: { start: number; end: number } | null;
  focused: boolean;
  pendingSend: string | null;
}

type WithEarlyComposer = typeof globalThis & { [EARLY_COMPOSER_GLOBAL]?: EarlyComposerScriptState };

/** The early box's state as it is now, or null when no first-read script ran (tests, the dev server before it). */
export function readEarlyBox(scope: WithEarlyComposer = globalThis): EarlyBox | null {
  const state = scope[EARLY_COMPOSER_GLOBAL];
  if (!state) return null;
  const box = state.box;
  const draft = state.pendingSend === null && box ? box.value : '';
  return {
    businessId: state.businessId,
    draft,
    selection:
      box && draft
        ? { start: box.selectionStart ?? draft.length, end: box.selectionEnd ?? draft.length }
        : null,
    focused: state.focused,
    pendingSend: state.pendingSend,
  };
}
