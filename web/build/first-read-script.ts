/**
 * The first-read script: a few lines that index.html loads (async, in its head, before the app's module)
 * to start reading the business the URL names while the app's code is still on its way — on a phone,
 * most of a second (docs/decisions/0021). It only starts a GET and leaves `{ url, response }` on the
 * window; the backend's first read of that URL takes it (src/app/first-read/first-read.ts). It decides
 * nothing: a path that is not a chat page, or a handle (`/chat/@…`, resolved by a query), reads nothing,
 * and whatever the app decides about the answer is decided as before.
 *
 * The page's §2 routes, as far as a read goes: `/chat/{businessId}[/{conversationId}]` reads that
 * business, `/` the default business it redirects to.
 *
 * The early welcome: when the page will show a new conversation — no conversation id in the URL, none
 * kept for the tab — its message list is certain to be empty, so §2's empty state ('Welcome to
 * {business}!', 'How can I assist you?') is what the visitor will see whatever else loads. The script
 * shows it as soon as the business's name is in, from the `<template>` in index.html (the app's
 * WelcomeChatMain, kept equal by chat-frame.test.tsx), unless the app's first render is already on
 * screen (first-read.ts's markEarlyWelcomeRendered; an app that has started but not yet committed is
 * told the name as well: claimEarlyWelcome) or the page's language is not English (the frame's words
 * are English). The name is set as text, never as markup.
 *
 * The early composer: index.html's message box is usable from the first frame; the script makes it
 * behave like the app's until the app takes it over (early-composer-script.ts, issue 31).
 */
import { createHash } from 'node:crypto';
import type { AppEnv } from '../src/config/env.js';
import { BUSINESS, LANGUAGES } from '@chat/core';
import { CONVERSATION_ID_KEY } from '@chat/session';
import { businessReadUrl } from '../src/app/first-read/business-read-url.js';
import { HIDDEN_TAB_FRAME_MS } from '../src/lib/after-next-paint.js';
import { earlyComposerSource } from './early-composer-script.js';
import {
  EARLY_WELCOME_GLOBAL,
  EARLY_WELCOME_TEMPLATE_ID,
  FIRST_READ_GLOBAL,
} from '../src/app/first-read/first-read.js';

/**
 * What the script does when it runs as a worker: builds the date formats the app's first screen and first
 * send build on the main thread — the business's time zone checked (core's read-business.ts), its wall
 * clock read for the outside-hours flag (business-hours.ts), the visitor's own zone for the chat call
 * (session's chat-bodies.ts), a message's time (format-time.ts). The first Intl.DateTimeFormat of a
 * page loads ICU's locale and time-zone data, about 50–70 ms of a desktop CPU (0.2–0.25 s at the phone
 * profile's 4×) in one piece; ICU keeps that data for the whole renderer process, so loaded by a worker
 * while the page waits for its app's script, it costs the main thread nothing later (decision 0036).
 * The worker is this very file, from the HTTP cache: Firebase Hosting's Content-Security-Policy allows
 * no blob: worker, and a file of its own would be one more request.
 */
const INTL_WARM_UP = `var at = new Date();
      var zoned = { weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
      ['America/New_York', 'UTC'].forEach(function (timeZone) {
        zoned.timeZone = timeZone;
        new Intl.DateTimeFormat('en-US', zoned).formatToParts(at);
      });
      Intl.DateTimeFormat().resolvedOptions();
      ${JSON.stringify(LANGUAGES)}.forEach(function (language) {
        new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
      });`;

/**
 * index.html's `<meta>` naming the modules the page needs right after its first screen (space-separated
 * URLs; configured-app-plugin.ts writes it): the script fetches them, without running them, once the
 * welcome has been painted (see preloadLater below).
 */
export const LATER_MODULES_META = 'chat-later-modules';

/**
 * How long the app's first render and the later modules wait for the browser to report the welcome's
 * paint (`painted` of the early welcome's state) before going ahead anyway.
 */
export const LARGEST_PAINT_WAIT_MS = 300;

/** Stands for the business id in the URL; encodeURIComponent leaves it as it is. */
const ID_PLACEHOLDER = 'FIRSTREADBUSINESSID';

export interface FirstReadScript {
  /** The script's source. */
  source: string;
  /** Its file in a build, named by its content. */
  fileName: string;
  /** The origin it reads from, for a preconnect hint. */
  origin: string;
}

export function firstReadScript(env: AppEnv): FirstReadScript {
  const [prefix = '', suffix = ''] = businessReadUrl(env, ID_PLACEHOLDER).split(ID_PLACEHOLDER);
  // The business's name in the answer: the mock server's JSON, or a Firestore REST document.
  const nameOf =
    env.backend === 'local'
      ? 'body.businessName'
      : 'body.fields && body.fields.businessName && body.fields.businessName.stringValue';
  const source = `// Starts the page's first read (web/build/first-read-script.ts).
(function () {
  // Run again as a worker (below): load Intl's date and time-zone data, then end.
  if (typeof window === 'undefined' && typeof importScripts === 'function') {
    try {
      ${INTL_WARM_UP}
    } catch (error) {
      // Nothing warmed: the page loads the data itself, as it would without this.
    }
    if (typeof close === 'function') close();
    return;
  }
  var script = typeof document === 'undefined' ? null : document.currentScript;
  var warmIntl = function () {
    try {
      if (script && script.src && typeof Worker === 'function') new Worker(script.src);
    } catch (error) {
      // No worker: the page loads the data itself when it first needs it.
    }
  };
  try {
    var storedConversation = function () {
      try {
        var stored = window.sessionStorage.getItem(${JSON.stringify(CONVERSATION_ID_KEY)});
        return stored === null ? false : true;
      } catch (error) {
        return true; // unknown: the app decides
      }
    };
    // @chat/core's chooseLanguage: ?lang= when shipped, else the first shipped browser language.
    var language = function () {
      var shipped = ${JSON.stringify(LANGUAGES)};
      var lang = new URLSearchParams(location.search).get('lang');
      var tags = (lang === null ? [] : [lang]).concat(navigator.languages || [navigator.language]);
      for (var i = 0; i < tags.length; i++) {
        var primary = String(tags[i]).trim().toLowerCase().split(/[-_]/)[0];
        if (/^[a-z]{2,3}$/.test(primary) && shipped.indexOf(primary) >= 0) return primary;
      }
      return shipped[0];
    };
    var whenParsed = function (run) {
      if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run);
      else run();
    };
    // Calls \`run\` after the next paint (a task after the frame), or a moment later in a tab that paints
    // nothing: the page's afterNextPaint (src/lib/after-next-paint.ts), written out for this plain script.
    var afterNextPaint = function (run) {
      var done = false;
      var once = function () {
        if (done) return;
        done = true;
        run();
      };
      if (typeof requestAnimationFrame === 'function') {
        requestAnimationFrame(function () {
          setTimeout(once, 0);
        });
      }
      setTimeout(once, ${HIDDEN_TAB_FRAME_MS});
    };
    // Settles once the browser has reported a largest paint made after \`since\` (the welcome's, the page's
    // largest) — not merely once a frame has passed: while the app's script runs, the frame that holds
    // the welcome reached the screen up to 100 ms after it was painted (traced Firebase loads), and what
    // starts or ends meanwhile counts toward LCP in Lighthouse's simulation (a load whose conversation
    // was created in that gap measured 2.9 s instead of 2.0 s). Where the browser reports no largest
    // paint (another browser, a hidden tab), after the next paint; at the latest after
    // LARGEST_PAINT_WAIT_MS.
    var largestPaintAfter = function (since) {
      return new Promise(function (resolve) {
        var types = typeof PerformanceObserver === 'function' ? PerformanceObserver.supportedEntryTypes || [] : [];
        if (types.indexOf('largest-contentful-paint') < 0 || document.visibilityState !== 'visible') {
          afterNextPaint(resolve);
          return;
        }
        var observer = new PerformanceObserver(function (list) {
          list.getEntries().forEach(function (entry) {
            if (entry.startTime < since) return;
            observer.disconnect();
            resolve();
          });
        });
        observer.observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(function () {
          observer.disconnect();
          resolve();
        }, ${LARGEST_PAINT_WAIT_MS});
      });
    };
    // The modules the page needs right after its first screen (Firestore's SDK on Firebase: the first
    // reply shows through its listener), fetched at low priority and not run, once what the first
    // screen shows has been painted: a visitor who sends at once (a suggested question, a pasted text)
    // then does not wait for its download, which on a phone took most of a second after the app had
    // started. Not sooner: the first screen's own requests (the CSS, the business, the app's script)
    // come first, and a download that ends before the largest paint counts toward it in Lighthouse's
    // simulation. import() later takes the module fetched here.
    var preloadLater = function () {
      var meta = document.querySelector('meta[name=${JSON.stringify(LATER_MODULES_META)}]');
      if (!meta || !meta.content) return;
      meta.content.split(' ').forEach(function (href) {
        if (!href) return;
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.setAttribute('fetchpriority', 'low');
        link.href = href;
        document.head.appendChild(link);
      });
    };
    ${earlyComposerSource()}
    var path = location.pathname;
    var match = /^\\/chat\\/([^/]+)(\\/[^/]*)?\\/?$/.exec(path);
    var id = match ? decodeURIComponent(match[1]) : path === '/' ? ${JSON.stringify(env.defaultBusinessId)} : '';
    var readable = id && id.charAt(0) !== '@';
    // The read first: the rest of this script is the main thread's, the read the network's.
    var url = readable ? ${JSON.stringify(prefix)} + encodeURIComponent(id) + ${JSON.stringify(suffix)} : '';
    var response = readable ? fetch(url, { headers: { accept: 'application/json' } }) : null;
    if (response) {
      // Whoever takes it handles a failure; nobody may take it, so no unhandled rejection either.
      response.catch(function () {});
      window[${JSON.stringify(FIRST_READ_GLOBAL)}] = { url: url, response: response };
    }
    // The message box works before the app does (early-composer-script.ts), on every chat page.
    startEarlyComposer(readable ? id : '', whenParsed);
    // The worker a task later: its start is main-thread work of its own, kept out of this task.
    setTimeout(warmIntl, 0);
    if (!response || (match && match[2])) {
      whenParsed(function () {
        afterNextPaint(preloadLater);
      });
      return;
    }
    var early = { businessId: id, claimed: false, rendered: false, businessName: null, onName: null, settled: null, painted: null };
    window[${JSON.stringify(EARLY_WELCOME_GLOBAL)}] = early;
    // Whether this page starts a new conversation in English is asked when the answer is in (a task
    // of its own; the first reads of sessionStorage and the browser's languages are not free).
    var welcomes = function () {
      return !storedConversation() && language() === 'en';
    };
    early.settled = response
      .then(function (answer) {
        return answer.ok && welcomes() ? answer.clone().json() : null;
      })
      .then(function (body) {
        var name = body && (${nameOf});
        if (typeof name !== 'string' || !name.trim() || name.trim().length > ${BUSINESS.maxNameLength}) return;
        whenParsed(function () {
          // The app has started first: its render shows the welcome too, told the name here.
          if (early.claimed && early.onName) early.onName(name.trim());
          // Its first commit has replaced the frame: the DOM is React's.
          if (early.rendered) return;
          var template = document.getElementById(${JSON.stringify(EARLY_WELCOME_TEMPLATE_ID)});
          var loading = document.querySelector('#root .chat-loading');
          if (!template || !loading) return;
          var welcome = template.content.firstElementChild.cloneNode(true);
          var title = welcome.querySelector('h2');
          title.textContent = title.textContent.replace('{business}', name.trim());
          loading.parentNode.replaceChild(welcome, loading);
          early.businessName = name.trim();
          early.painted = largestPaintAfter(performance.now());
        });
      })
      .catch(function () {});
    // After the welcome (or nothing to welcome with) has been painted.
    early.settled.then(function () {
      whenParsed(function () {
        if (early.painted) early.painted.then(function () { setTimeout(preloadLater, 0); });
        else afterNextPaint(preloadLater);
      });
    });
  } catch (error) {
    // A malformed path: the app shows what it shows for it, without a first read.
  }
})();
`;
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 8);
  return { source, fileName: `assets/first-read-${hash}.js`, origin: new URL(prefix).origin };
}
