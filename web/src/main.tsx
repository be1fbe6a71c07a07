/**
 * The composition root: the configuration and the backend the page was built for (both fixed at build
 * time: web/build/configured-app-plugin.ts), their services handed to the React tree. Nothing else in the
 * app decides which backend is used.
 */
import { StrictMode, startTransition, useLayoutEffect } from 'react';
import {
  LANGUAGES,
  LANGUAGE_QUERY_PARAM,
  chooseLanguage,
  loadCatalogue,
  shippedLanguageOf,
} from '@chat/core';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import env from 'virtual:app-env';
import { createBackend } from 'virtual:backend';
import { AppProviders } from './app/app-providers.js';
import { BootError } from './app/boot-error.js';
import { createServices } from './app/create-services.js';
import {
  claimEarlyWelcomeForPage,
  earlyWelcomeSettled,
  markEarlyWelcomeRendered,
} from './app/first-read/first-read.js';
import { AppRoutes } from './app/routes.js';
import { preloadOnIntent } from './components/markdown/lazy-assistant-markdown.js';
import { EmbedProvider } from './lib/embed/embed-context.js';
import { readPageOptions } from './lib/embed/page-options.js';
import { applyLanguage } from './lib/i18n/active-text.js';
import './styles/tokens.css';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');
const root = createRoot(container);
// Read before anything that can fail: in the embed snippet's panel even the boot error must offer
// 'Close chat' and close on Escape (EmbedProvider), or a visitor on a phone is stuck in the panel.
const pageOptions = readPageOptions(window.location.search, window.parent !== window);

/**
 * Tells the first-read script, in React's first commit, that index.html's frame is React's now: until
 * then the script may still show the welcome in it (first-read.ts's markEarlyWelcomeRendered).
 */
function FrameTakenOver(): null {
  useLayoutEffect(() => markEarlyWelcomeRendered(), []);
  return null;
}

async function start(): Promise<void> {
  // The visitor's language: ?lang= first, then the browser's preferences; English needs no download.
  const requested = new URLSearchParams(window.location.search).get(LANGUAGE_QUERY_PARAM);
  const language = chooseLanguage(requested, navigator.languages ?? [navigator.language]);
  if (requested !== null && shippedLanguageOf(requested) === null) {
    console.warn(
      `?${LANGUAGE_QUERY_PARAM}=${requested} is not a language of this page (${LANGUAGES.join(', ')}); using ${language}`,
    );
  }
  const backend = createBackend(env);
  const catalogue = await loadCatalogue(language);
  applyLanguage(language, catalogue);
  // Release sockets and listeners when Vite replaces this module during development.
  import.meta.hot?.dispose(() => backend.close());
  // The first read answered and its welcome painted first (up to a limit): until the business is read
  // the app's render could show nothing more than index.html's frame, and rendered sooner it held up
  // the welcome's paint (first-read.ts). Then the app claims the page: its first render shows the
  // welcome the script has shown, if any (decision 0021), and a name the script learns later is shown
  // by the app as well (ChatPage); the script leaves the DOM alone from the app's first commit.
  await earlyWelcomeSettled();
  claimEarlyWelcomeForPage();
  // The Markdown renderer is for replies: it loads once the visitor has started writing and pauses
  // (decision 0036) — counted from now when they wrote in index.html's box before this code ran.
  preloadOnIntent(document, {
    writing: Boolean(document.querySelector<HTMLTextAreaElement>('#root textarea')?.value),
  });
  // In a transition, so React renders the page in slices of a few milliseconds and the browser
  // handles the visitor's typing into index.html's box (and paints) in between; only the commit is
  // one piece. Rendered at once, the first render was one long task (about 110 ms at 4× CPU).
  startTransition(() => {
    root.render(
      <StrictMode>
        <FrameTakenOver />
        <AppProviders services={createServices(backend, env)} pageOptions={pageOptions}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    );
  });
}

start().catch((error: unknown) => {
  console.error('The app could not start', error);
  claimEarlyWelcomeForPage();
  root.render(
    <EmbedProvider options={pageOptions}>
      <BootError error={error} />
    </EmbedProvider>,
  );
});
