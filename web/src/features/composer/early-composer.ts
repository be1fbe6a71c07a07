/**
 * What the visitor types before the conversation exists (issue 31): the box in index.html's frame
 * takes text and an Enter before the app's script has run (the first-read script runs it), the frames
 * the app renders while the business and the conversation load take over from it (EarlyComposer), and
 * the conversation view takes the text — and sends what an Enter asked for — once it exists.
 *
 * One store for the page, outside React: the frames are different components (the business loading,
 * then the conversation being created), so the text, the caret and the focus live here between them.
 * Kept in the tab's sessionStorage (one business) so a reload during start, or a failed first read
 * and 'Refresh Page', does not lose it; dropped once the conversation view holds the text.
 */
import { useSyncExternalStore } from 'react';
import {
  EARLY_DRAFT_STORAGE_KEY,
  markEarlyBoxTaken,
  readEarlyBox,
  type EarlyBox,
  type StoredEarlyDraft,
} from '../../app/first-read/early-composer-handover.js';

export interface EarlyComposerState extends EarlyBox {
  /** Counts the times the text was replaced from outside the box (taken over, held): a new box each time. */
  revision: number;
}

const EMPTY: EarlyComposerState = {
  businessId: '',
  draft: '',
  selection: null,
  focused: false,
  pendingSend: null,
  revision: 0,
};

let state: EarlyComposerState = EMPTY;
/** Set once the app's own box has replaced index.html's: from then on the script's box is history. */
let takenOver = false;
const listeners = new Set<() => void>();

function set(next: EarlyComposerState): void {
  state = next;
  persist(next);
  for (const listener of listeners) listener();
}

function persist(current: EarlyComposerState): void {
  if (!current.businessId) return;
  try {
    const text = current.pendingSend ?? current.draft;
    if (text) {
      const stored: StoredEarlyDraft = { businessId: current.businessId, text };
      window.sessionStorage.setItem(EARLY_DRAFT_STORAGE_KEY, JSON.stringify(stored));
    } else {
      window.sessionStorage.removeItem(EARLY_DRAFT_STORAGE_KEY);
    }
  } catch {
    // Storage refused (a cross-site frame, private mode): the draft lives as long as the page.
  }
}

/**
 * Takes over what the visitor left in index.html's box, when the first-read script ran it: called as
 * the app's first box renders and again as it is committed (the visitor may type in between), then no
 * more. `businessId` is the page's, for a box the script did not run.
 */
export function adoptEarlyBox(businessId: string, commit: boolean): void {
  if (takenOver) return;
  if (commit) takeOver();
  const early = readEarlyBox();
  if (!early) {
    if (!state.businessId) state = { ...state, businessId };
    return;
  }
  const next = { ...early, businessId: early.businessId || businessId, revision: state.revision + 1 };
  if (
    next.draft !== state.draft ||
    next.pendingSend !== state.pendingSend ||
    next.focused !== state.focused ||
    next.selection?.start !== state.selection?.start ||
    next.selection?.end !== state.selection?.end ||
    next.businessId !== state.businessId
  ) {
    set(next);
  }
}

/** The store as it is now (outside rendering: an effect that runs after the previous box left). */
export function earlyComposerNow(): EarlyComposerState {
  return state;
}

export function useEarlyComposer(): EarlyComposerState {
  const snapshot = () => state;
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setEarlyDraft(draft: string): void {
  if (state.pendingSend !== null || draft === state.draft) return;
  set({ ...state, draft });
}

export function setEarlySelection(start: number, end: number): void {
  state = { ...state, selection: { start, end } };
}

export function setEarlyFocus(focused: boolean): void {
  if (focused !== state.focused) state = { ...state, focused };
}

/** Enter (or a suggested question) before the conversation exists: sent once it does. */
export function requestEarlySend(text: string): void {
  if (state.pendingSend !== null) return;
  set({ ...state, draft: '', selection: null, pendingSend: text, revision: state.revision + 1 });
}

/** What the conversation view starts with: the draft, its caret, and a send asked for; null when nothing. */
export function peekEarlyComposer(): EarlyComposerState | null {
  return state.draft || state.pendingSend !== null ? state : null;
}

/** The conversation view has the text (in its box, or sent): the store and the stored copy are emptied. */
export function finishEarlyComposer(): void {
  takeOver();
  if (state === EMPTY) return;
  set({ ...EMPTY, businessId: state.businessId });
}

/**
 * The app's own box is in: index.html's box is history here, and for the first-read script's deferred
 * start of it too (a start that comes later leaves the page alone), whichever way the app got here.
 */
function takeOver(): void {
  takenOver = true;
  markEarlyBoxTaken();
}

/** For tests: back to a page that has not started. */
export function resetEarlyComposerForTests(): void {
  state = EMPTY;
  takenOver = false;
}
