/**
 * The part of the first-read script (first-read-script.ts) that runs index.html's message box until the
 * app's first render replaces it (issue 31): the box is enabled in the HTML, so the visitor can type from
 * the first frame; this makes it behave like the app's composer meanwhile —
 *
 * - Enter (not Shift+Enter, not while an IME composes) or the send button holds the trimmed text for
 *   sending: the box keeps showing it, read-only, and the app sends it once the conversation exists;
 * - the send button is enabled only while there is text to send;
 * - the text is kept in the tab's sessionStorage under the business's id (a reload during start puts it
 *   back in the box — as a draft: a reload is no Enter) and is read back only for the same business,
 *   on a reload or a return through the tab's history (a new navigation has no draft to take back);
 * - whether the box has the focus is remembered (a box the app's render takes out of the document
 *   keeps its last answer), so the app's box can take it over.
 *
 * The app reads the state it leaves on the window (src/app/first-read/early-composer-handover.ts) and
 * from then on its own box does all this (src/features/composer/early-composer.ts).
 */
import {
  EARLY_COMPOSER_GLOBAL,
  EARLY_COMPOSER_TAKEN_GLOBAL,
  EARLY_DRAFT_STORAGE_KEY,
} from '../src/app/first-read/early-composer-handover.js';

/**
 * A function declaration, `startEarlyComposer(businessId, whenParsed)`, for the first-read script's
 * body; `whenParsed(run)` runs `run` once the document is parsed.
 */
export function earlyComposerSource(): string {
  return `var startEarlyComposer = function (businessId, whenParsed) {
    var state = { businessId: businessId, box: null, pendingSend: null, focused: false };
    window[${JSON.stringify(EARLY_COMPOSER_GLOBAL)}] = state;
    var store = function (text) {
      if (!businessId) return;
      try {
        if (text) {
          var stored = JSON.stringify({ businessId: businessId, text: text });
          window.sessionStorage.setItem(${JSON.stringify(EARLY_DRAFT_STORAGE_KEY)}, stored);
        } else {
          window.sessionStorage.removeItem(${JSON.stringify(EARLY_DRAFT_STORAGE_KEY)});
        }
      } catch (error) {
        // Storage refused: the draft lives as long as the page.
      }
    };
    // A draft is kept for a reload of this tab's page (or a return to it through the tab's history); a
    // page reached by a new navigation has none to take back, so it leaves storage alone: a tab's first
    // storage access waits on the browser process, 20–30 ms of the main thread in a traced cold load.
    var mayHoldDraft = function () {
      try {
        var entry = performance.getEntriesByType('navigation')[0];
        return !entry || entry.type !== 'navigate';
      } catch (error) {
        return true;
      }
    };
    var stored = function () {
      try {
        var value = JSON.parse(window.sessionStorage.getItem(${JSON.stringify(EARLY_DRAFT_STORAGE_KEY)}) || 'null');
        return value && value.businessId === businessId && typeof value.text === 'string' ? value.text : '';
      } catch (error) {
        return '';
      }
    };
    var run = function () {
      // The app's box is in already (its script ran first): it does all this itself.
      if (window[${JSON.stringify(EARLY_COMPOSER_TAKEN_GLOBAL)}]) return;
      var box = document.querySelector('#root textarea.composer__input');
      var button = document.querySelector('#root button.composer__send');
      if (!box || !button || box.disabled) return;
      state.box = box;
      state.focused = document.activeElement === box;
      var blank = function (text) {
        return !/\\S/.test(text);
      };
      var sync = function () {
        button.disabled = state.pendingSend !== null || blank(box.value);
      };
      var kept = businessId && mayHoldDraft() ? stored() : '';
      if (kept && !box.value) box.value = kept;
      sync();
      box.addEventListener('input', function () {
        sync();
        store(box.value);
      });
      box.addEventListener('focus', function () {
        state.focused = true;
      });
      box.addEventListener('blur', function () {
        if (box.isConnected) state.focused = false;
      });
      var send = function () {
        if (state.pendingSend !== null || blank(box.value)) return;
        state.pendingSend = box.value.trim();
        box.value = state.pendingSend;
        box.readOnly = true;
        box.setAttribute('aria-busy', 'true');
        sync();
        store(state.pendingSend);
      };
      box.addEventListener('keydown', function (event) {
        if (event.key !== 'Enter' || event.shiftKey || event.isComposing || event.keyCode === 229) return;
        event.preventDefault();
        send();
      });
      box.form.addEventListener('submit', function (event) {
        event.preventDefault();
        send();
      });
    };
    try {
      // A task after the script's own, which starts the page's first read: the box's start (the tab's
      // sessionStorage read back, listeners) is main-thread work of its own. The box takes typing
      // meanwhile, as index.html has it.
      whenParsed(function () {
        setTimeout(run, 0);
      });
    } catch (error) {
      // No document to run in: the app's box does everything once it renders.
    }
  };
`;
}
