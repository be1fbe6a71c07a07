/**
 * embed.js — the one line a business pastes into its own site:
 *
 *   <script src="https://chat.example.com/embed.js" data-business="@handle" async></script>
 *
 * It adds a launcher button (in a shadow root, away from the site's CSS) that opens the chat
 * page in an iframe panel, and one global, `BusinessChat`: open({ question }), close() and
 * on('open' | 'close' | 'message', fn). The iframe is created only when the launcher is first
 * opened, hovered or focused, so a visitor who never touches it loads nothing of the chat.
 * Messages to and from the iframe go through postMessage with exact origin checks both ways
 * (protocol: @chat/core/embed). No eval, no inline script or style: it works under a strict CSP.
 *
 * Built on its own (embed-plugin.ts) as one classic script; it must stay ≤ 5 KiB gzip
 * (embed-build.test.ts checks).
 */
import {
  EMBED_COLOR_QUERY_PARAM,
  EMBED_HOST_QUERY_PARAM,
  EMBED_MAX_QUESTION_LENGTH,
  EMBED_MESSAGE_SOURCE,
  EMBED_QUERY_PARAM,
  LAUNCHER_TEXT,
  LAUNCHER_TEXT_ES,
  chooseLanguage,
  isPageToHostMessage,
  readableTextOn,
  type EmbedChatMessage,
} from '@chat/core/embed';
import { readEmbedConfig, warn, type EmbedConfig } from './embed-config.js';
import { EMBED_CSS } from './embed-styles.js';

type EventName = 'open' | 'close' | 'message';
type Listener = (message?: EmbedChatMessage) => void;

export interface BusinessChatApi {
  /** Opens the chat panel; with a question, sends it as the visitor's message once the chat is ready. */
  open(options?: { question?: string }): void;
  /** Closes the chat panel (the conversation stays). */
  close(): void;
  /** Calls `listener` on 'open', 'close' or each complete new 'message'; returns a function that stops it. */
  on(event: EventName, listener: Listener): () => void;
}

declare global {
  interface Window {
    BusinessChat?: BusinessChatApi;
  }
}

const DEFAULT_COLOR = '#4f46e5';
const SVG = 'http://www.w3.org/2000/svg';
const CHAT_ICON = 'M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.9A8 8 0 1 1 21 12z';
const CLOSE_ICON = 'M6 6l12 12M18 6L6 18';

function install(): void {
  const script = document.currentScript;
  if (!(script instanceof HTMLScriptElement))
    return warn('embed.js must be loaded with a plain <script src> tag');
  if (window.BusinessChat) return warn('embed.js is on this page twice; only the first one is used');
  const config = readEmbedConfig(script);
  if (typeof config === 'string') return console.error(`BusinessChat: ${config}`);
  window.BusinessChat = createWidget(config);
}

function createWidget(config: EmbedConfig): BusinessChatApi {
  const texts =
    chooseLanguage(null, navigator.languages ?? [navigator.language]) === 'es'
      ? LAUNCHER_TEXT_ES
      : LAUNCHER_TEXT;
  const listeners: Record<EventName, Set<Listener>> = {
    open: new Set(),
    close: new Set(),
    message: new Set(),
  };
  const emit = (event: EventName, message?: EmbedChatMessage) => {
    for (const listener of listeners[event]) {
      try {
        listener(message);
      } catch (error) {
        console.error(`BusinessChat: an '${event}' listener threw`, error);
      }
    }
  };

  const container = document.createElement('div');
  container.setAttribute('data-business-chat', '');
  const root = container.attachShadow({ mode: 'open' });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(EMBED_CSS);
  root.adoptedStyleSheets = [sheet];
  const wrapper = document.createElement('div');
  wrapper.className = config.position;
  const color = config.color ?? DEFAULT_COLOR;
  wrapper.style.setProperty('--brand', color);
  wrapper.style.setProperty('--on-brand', readableTextOn(color));

  const launcher = document.createElement('button');
  launcher.type = 'button';
  launcher.className = 'launcher';
  launcher.setAttribute('aria-controls', 'business-chat-panel');
  const icon = document.createElementNS(SVG, 'svg');
  icon.setAttribute('viewBox', '0 0 24 24');
  icon.setAttribute('aria-hidden', 'true');
  const iconPath = document.createElementNS(SVG, 'path');
  icon.append(iconPath);
  launcher.append(icon);

  const panel = document.createElement('div');
  panel.id = 'business-chat-panel';
  panel.className = 'panel';
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-label', texts.panelTitle);
  panel.hidden = true;
  wrapper.append(panel, launcher);
  root.append(wrapper);
  (document.body ?? document.documentElement).append(container);

  let frame: HTMLIFrameElement | null = null;
  let ready = false;
  let isOpen = false;
  let pendingQuestion = config.question;
  const queued: string[] = [];

  const showState = () => {
    launcher.setAttribute('aria-expanded', String(isOpen));
    launcher.setAttribute('aria-label', isOpen ? texts.closeChat : texts.openChat);
    iconPath.setAttribute('d', isOpen ? CLOSE_ICON : CHAT_ICON);
    wrapper.classList.toggle('open', isOpen);
    panel.hidden = !isOpen;
  };

  const flush = () => {
    if (!frame?.contentWindow || !ready) return;
    for (const question of queued.splice(0)) {
      frame.contentWindow.postMessage(
        { source: EMBED_MESSAGE_SOURCE, type: 'ask', question },
        config.chatOrigin,
      );
    }
  };

  // Creates the iframe (the chat page starts loading) without showing it: on first open, or early
  // when the visitor shows intent by hovering or focusing the launcher.
  const warm = () => {
    if (frame) return;
    const url = new URL(config.chatPath, config.chatOrigin);
    url.searchParams.set(EMBED_QUERY_PARAM, '1');
    url.searchParams.set(EMBED_HOST_QUERY_PARAM, location.origin);
    if (config.color) url.searchParams.set(EMBED_COLOR_QUERY_PARAM, config.color.slice(1));
    frame = document.createElement('iframe');
    frame.title = texts.panelTitle;
    frame.src = url.href;
    frame.referrerPolicy = 'strict-origin-when-cross-origin';
    // No top-level navigation of the business's site from inside the chat.
    frame.setAttribute(
      'sandbox',
      'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox',
    );
    panel.append(frame);
  };

  const api: BusinessChatApi = {
    open(options = {}) {
      const question = options.question;
      if (question !== undefined) {
        if (typeof question !== 'string' || !question.trim() || question.length > EMBED_MAX_QUESTION_LENGTH) {
          throw new TypeError(
            `BusinessChat.open: question must be a non-empty text of at most ${EMBED_MAX_QUESTION_LENGTH} characters`,
          );
        }
        queued.push(question);
        pendingQuestion = null;
      } else if (pendingQuestion) {
        queued.push(pendingQuestion);
        pendingQuestion = null;
      }
      warm();
      const wasOpen = isOpen;
      isOpen = true;
      showState();
      frame?.focus();
      flush();
      if (!wasOpen) emit('open');
    },
    close() {
      if (!isOpen) return;
      const focusWasInside = document.activeElement === container;
      isOpen = false;
      showState();
      if (focusWasInside) launcher.focus();
      emit('close');
    },
    on(event, listener) {
      if (!Object.hasOwn(listeners, event))
        throw new TypeError(`BusinessChat.on: unknown event '${String(event)}' (open, close, message)`);
      if (typeof listener !== 'function')
        throw new TypeError('BusinessChat.on: the listener must be a function');
      listeners[event].add(listener);
      return () => listeners[event].delete(listener);
    },
  };

  launcher.addEventListener('click', () => (isOpen ? api.close() : api.open()));
  launcher.addEventListener('pointerenter', warm);
  launcher.addEventListener('focus', warm);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && isOpen) api.close();
  });
  window.addEventListener('message', (event) => {
    if (!frame || event.origin !== config.chatOrigin || event.source !== frame.contentWindow) return;
    const data: unknown = event.data;
    if (!isPageToHostMessage(data)) return;
    if (data.type === 'ready') {
      // The chat page has started in an open panel that still holds the focus: the focus is given to the
      // frame again. Chromium can leave the keyboard with the host page when a cross-site frame was
      // focused while its page was still loading (seen in the journeys: the page's box focused, keys
      // typed going to the host); focusing it again once its page runs makes the visitor's typing reach
      // the chat. Once, on the first 'ready'.
      if (!ready && isOpen && root.activeElement === frame) {
        frame.blur();
        frame.focus();
      }
      ready = true;
      // On a phone the full-screen panel covers the launcher only from here on (embed-styles.ts): a chat
      // page that never starts (its script blocked or failing) leaves the visitor a way out.
      wrapper.classList.add('ready');
      flush();
    } else if (data.type === 'close') {
      api.close();
    } else {
      emit('message', data.message);
    }
  });
  showState();
  return api;
}

install();
