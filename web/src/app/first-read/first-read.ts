/**
 * The page's first read of its business, started by a tiny script in index.html's head before the app's
 * code has even loaded (web/build/first-read-script.ts writes it; docs/decisions/0021). On a phone the
 * app's script takes most of a second to arrive; the read overlaps it instead of starting after it.
 *
 * The script leaves `{ url, response }` on the window; the backend's first GET of that same URL takes the
 * response instead of asking again, once. Anything else — another URL, a second read, a page without
 * the script (tests, the dev server before it) — goes to the network as before, and a first read that
 * failed fails that GET the way the network would, so the provider's retries take over.
 */

export const FIRST_READ_GLOBAL = '__chatFirstRead';

export interface FirstRead {
  url: string;
  response: Promise<Response>;
}

type WithFirstRead = typeof globalThis & { [FIRST_READ_GLOBAL]?: FirstRead };

/** The first read's response when `url` is what it read and nothing has taken it yet; else null. */
export function takeFirstRead(url: string, scope: WithFirstRead = globalThis): Promise<Response> | null {
  const read = scope[FIRST_READ_GLOBAL];
  if (!read || read.url !== url) return null;
  delete scope[FIRST_READ_GLOBAL];
  return read.response;
}

/** `fetch` that answers the first GET of the first read's URL with the response already on its way. */
export function fetchWithFirstRead(next: typeof fetch, scope?: WithFirstRead): typeof fetch {
  return (input, init) => {
    const method = init?.method ?? 'GET';
    const early = typeof input === 'string' && method === 'GET' ? takeFirstRead(input, scope) : null;
    return early ?? next(input, init);
  };
}

/** Where the first-read script leaves the early welcome's state (web/build/first-read-script.ts). */
export const EARLY_WELCOME_GLOBAL = '__chatEarlyWelcome';
/**
 * The `<template>` in index.html holding the welcome (WelcomeChatMain's message area): the frame with it
 * in place of 'Loading...' is WelcomeChatMain's markup, so only what differs is written twice.
 */
export const EARLY_WELCOME_TEMPLATE_ID = 'chat-welcome-frame';

interface EarlyWelcomeState {
  businessId: string;
  /** Set by the app when it starts: from then on the script tells the app the name (`onName`). */
  claimed: boolean;
  /**
   * Set at the app's first commit, which replaces index.html's frame with React's: from then on the
   * script leaves the DOM alone. Until then (the app's first render, in slices) the frame is still the
   * script's to fill, so a read that answers while the app starts shows its welcome at once instead of
   * at React's commit (about 140 ms later on this machine's traced loads, and the largest paint then
   * waited on the app's whole start).
   */
  rendered: boolean;
  /** The name shown, once the script has shown the welcome. */
  businessName: string | null;
  /**
   * Set by the app when it claims the page: the script calls it with the business's name when the read
   * answers after the app's start, so the app shows the welcome at once instead of when its own
   * business read has gone through the data provider (on a fast machine the app's script can win that
   * race, and the welcome then waited on the app's whole start).
   */
  onName: ((name: string) => void) | null;
  /** Settles once the script is done with the answer (the welcome shown, or nothing to show). */
  settled: Promise<void> | null;
  /**
   * Set when the script writes the welcome: settles once the browser has reported it painted as the
   * page's largest paint (or after the next paint where it reports none), at most LARGEST_PAINT_WAIT_MS
   * later (first-read-script.ts, largestPaintAfter).
   */
  painted: Promise<void> | null;
}

export interface EarlyWelcome {
  businessId: string;
  businessName: string;
}

type WithEarlyWelcome = typeof globalThis & { [EARLY_WELCOME_GLOBAL]?: EarlyWelcomeState };

/**
 * Called once as the app starts, before its first render: the welcome the first-read script has shown
 * (the app's first render shows the same), or null. A name the script learns later goes to `onName`
 * too, so the app's render shows it; the script still shows it in index.html's frame until the app's
 * first commit (`markEarlyWelcomeRendered`), after which React alone owns the DOM.
 */
export function claimEarlyWelcome(
  scope: WithEarlyWelcome = globalThis,
  onName: ((welcome: EarlyWelcome) => void) | null = null,
): EarlyWelcome | null {
  const state = scope[EARLY_WELCOME_GLOBAL];
  if (!state) return null;
  state.claimed = true;
  if (onName) state.onName = (businessName) => onName({ businessId: state.businessId, businessName });
  return state.businessName === null
    ? null
    : { businessId: state.businessId, businessName: state.businessName };
}

/** How long the app's first render waits for a first read still on its way (earlyWelcomeSettled). */
export const FIRST_READ_WAIT_MS = 1000;

/**
 * Waits, before the app claims the page and renders, for the first read to be done with — its welcome
 * shown, or nothing to show — and then for the paint of that welcome, as the browser reports it (the
 * script's `painted`); a read still on its way after `waitMs` is not waited for longer (the app is then
 * told its name later, see claimEarlyWelcome).
 *
 * Why wait: until the business is read the app's first render can show nothing index.html's frame does
 * not already show (ChatPage renders the same frame), and the app's own business read is this very read
 * (fetchWithFirstRead), so nothing the visitor sees comes sooner for rendering first (only the shell's
 * render no longer overlaps a read slower than the app's script). Rendered first, its
 * render and commit took the main thread just as the read answered and held up the welcome's paint,
 * the page's largest: by 95–140 ms in traced Firebase loads, and Lighthouse's simulated LCP then counted
 * the app's whole start (2.9 s instead of 2.0 s, decision 0036).
 */
export async function earlyWelcomeSettled(
  scope: WithEarlyWelcome = globalThis,
  waitMs = FIRST_READ_WAIT_MS,
): Promise<void> {
  const state = scope[EARLY_WELCOME_GLOBAL];
  if (!state?.settled) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const done = await Promise.race([
    state.settled.then(() => true),
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), waitMs))),
  ]);
  clearTimeout(timer);
  // The script sets `painted` as it writes the welcome, with the name.
  if (done && state.painted) await state.painted;
}

/** Called at the app's first commit: index.html's frame is React's now, the script leaves it alone. */
export function markEarlyWelcomeRendered(scope: WithEarlyWelcome = globalThis): void {
  const state = scope[EARLY_WELCOME_GLOBAL];
  if (state) state.rendered = true;
}

let claimedWelcome: EarlyWelcome | null = null;
const welcomeListeners = new Set<() => void>();

/** Claims the early welcome for the page (main.tsx, before its first render); see claimEarlyWelcome. */
export function claimEarlyWelcomeForPage(): void {
  claimedWelcome = claimEarlyWelcome(globalThis, (welcome) => {
    claimedWelcome = welcome;
    for (const listener of welcomeListeners) listener();
  });
}

/** The business name the first-read script welcomed with (or learned), when it read `businessId`. */
export function earlyWelcomeName(businessId: string): string | null {
  return claimedWelcome?.businessId === businessId ? claimedWelcome.businessName : null;
}

/** For useSyncExternalStore: called when the first-read script learns the name after the app's start. */
export function subscribeEarlyWelcome(listener: () => void): () => void {
  welcomeListeners.add(listener);
  return () => welcomeListeners.delete(listener);
}
