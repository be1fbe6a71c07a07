/**
 * Renders the whole app (routes included) at a path, on in-memory services, the way main.tsx
 * composes it — StrictMode included, so effects that must run once are tested under double runs.
 */
import { StrictMode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storageOrMemory } from '@chat/core';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  type Location,
  type NavigateFunction,
  type NavigationType,
} from 'react-router-dom';
import { vi } from 'vitest';
import { CHAT_TIMEOUT_MS, WRITE_TIMEOUT_MS } from '@chat/core';
import { AppProviders } from '../app/app-providers.js';
import { AppRoutes } from '../app/routes.js';
import type { HostBridge } from '../lib/embed/host-bridge.js';
import type { PageOptions } from '../lib/embed/page-options.js';
import type { AppConfig, AppServices } from '../lib/services/services-context.js';
import { createInMemoryBackend, type InMemoryBackend } from '@chat/contract/in-memory';

export const TEST_SUPPORT_FORM_URL = 'https://support.example.com/test-form';

export function renderApp(
  path: string,
  options: {
    backend?: InMemoryBackend;
    config?: Partial<AppConfig>;
    pageOptions?: PageOptions;
    embedHost?: HostBridge;
  } = {},
) {
  const backend = options.backend ?? createInMemoryBackend();
  const browser = { reload: vi.fn<() => void>(), openInNewTab: vi.fn<(url: string) => void>() };
  const services: AppServices = {
    data: backend.data,
    auth: backend.auth,
    chat: backend.chat,
    config: {
      assistantName: 'Ava',
      supportFormUrl: TEST_SUPPORT_FORM_URL,
      defaultBusinessId: 'bella-vista-salon',
      // Retries as in production, without the pauses.
      readRetryDelaysMs: [0, 0, 0],
      writeTimeoutMs: WRITE_TIMEOUT_MS,
      chatTimeoutMs: CHAT_TIMEOUT_MS,
      ...options.config,
    },
    browser,
    storage: storageOrMemory(() => window.sessionStorage),
  };
  const router = createRouterProbe();
  const user = userEvent.setup();
  const view = render(
    <StrictMode>
      <AppProviders services={services} pageOptions={options.pageOptions} embedHost={options.embedHost}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <router.Probe />
        </MemoryRouter>
      </AppProviders>
    </StrictMode>,
  );
  /** The current URL's path and query, e.g. "/chat/b/c?x=1". */
  const url = () => router.location().pathname + router.location().search;
  return { ...view, backend, browser, router, user, url };
}

/**
 * What the test reads of the router and how it navigates, as a visitor's browser would: the location,
 * how the last navigation happened (PUSH, REPLACE or POP), and navigate(), captured by a component
 * rendered inside the router.
 */
function createRouterProbe() {
  let current: { location: Location; navigationType: NavigationType; navigate: NavigateFunction } | null =
    null;
  const seen = () => {
    if (current === null) throw new Error('the router has not rendered yet');
    return current;
  };
  function Probe() {
    current = { location: useLocation(), navigationType: useNavigationType(), navigate: useNavigate() };
    return null;
  }
  return {
    Probe,
    location: () => seen().location,
    navigationType: () => seen().navigationType,
    navigate: async (to: string) => {
      await seen().navigate(to);
    },
  };
}

/**
 * Opens the chat page of a fresh conversation of the default business and waits until the
 * composer and the welcome show.
 */
export async function openChat(backend: InMemoryBackend = createInMemoryBackend()) {
  const conversation = backend.data.seedConversation({ businessId: 'bella-vista-salon' });
  const app = renderApp(`/chat/bella-vista-salon/${conversation.id}`, { backend });
  // The conversation's own box: the frames before it have one too (the early composer, issue 31).
  await screen.findByText('Welcome to Bella Vista Salon!');
  const input = await findMessageBox();
  return { ...app, input, conversation };
}

/**
 * The conversation's message box, once the conversation view shows (its message region): the frames
 * before it have a box too (the early composer, issue 31), which a test typing into would lose when
 * the view replaces it. `name` is the box's accessible name in the page's language.
 */
export async function findMessageBox(name = 'Message', timeout?: number): Promise<HTMLElement> {
  const regionName = name === 'Message' ? 'Messages' : name.replace('Message', 'Messages');
  await screen.findByRole('region', { name: regionName }, timeout ? { timeout } : undefined);
  return screen.getByRole('textbox', { name });
}

/** A promise the test settles by hand, to hold the chat service mid-call. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
