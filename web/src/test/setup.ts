import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom lays nothing out and has no scrollIntoView; the page calls it to bring an error into view.
// Tests that care spy on it; the others need it to exist. (Node-environment tests have no DOM.)
if (typeof Element !== 'undefined') Element.prototype.scrollIntoView ??= function scrollIntoView() {};

afterEach(() => cleanup());

// The page loads its Markdown renderer apart from its first script, before the first reply in practice
// (components/markdown/lazy-assistant-markdown.tsx); tests render replies as a page that has it.
if (typeof window !== 'undefined') {
  const { preloadAssistantMarkdown } = await import('../components/markdown/lazy-assistant-markdown.js');
  await preloadAssistantMarkdown();
}

// The page's early composer store (features/composer/early-composer.ts) lives for the page: each test is a page.
afterEach(async () => {
  if (typeof window === 'undefined') return;
  const { resetEarlyComposerForTests } = await import('../features/composer/early-composer.js');
  resetEarlyComposerForTests();
  window.sessionStorage.clear();
});
