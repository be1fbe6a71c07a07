/**
 * The page's texts in the visitor's language. The language is chosen once, at start (main.tsx calls
 * applyLanguage before the first render); changing it (?lang=) means loading the page again, as with
 * every other query parameter. Until then, and in unit tests, the texts are English.
 *
 * The exports are live bindings: a module that imports UI_TEXT sees the active catalogue's texts
 * whenever it reads them, so components read texts exactly as they did from core's English constants.
 * Read them while rendering or handling an event, never into a module-level constant.
 */
import { EN, textDirection, type Catalogue, type Language } from '@chat/core';

export let UI_TEXT: Catalogue['ui'] = EN.ui;
export let ERROR_TEXT: Catalogue['errors'] = EN.errors;
export let TOAST_TEXT: Catalogue['toasts'] = EN.toasts;
export let PAGE_TEXT: Catalogue['page'] = EN.page;
/** The smart replies the page itself offers ('Verify later', 'Try again', …). */
export let REPLY_TEXT: Catalogue['replies'] = EN.replies;
/** The BCP 47 tag of the active language, for Intl formatting. */
export let LANGUAGE_TAG: string = 'en';

/**
 * Makes `catalogue` the page's texts and `tag` its language: `<html lang>` and `dir` follow, so
 * screen readers pronounce the texts correctly and a right-to-left language lays out mirrored.
 */
export function applyLanguage(
  tag: Language | string,
  catalogue: Catalogue,
  root = document.documentElement,
): void {
  UI_TEXT = catalogue.ui;
  ERROR_TEXT = catalogue.errors;
  TOAST_TEXT = catalogue.toasts;
  PAGE_TEXT = catalogue.page;
  REPLY_TEXT = catalogue.replies;
  LANGUAGE_TAG = tag;
  root.lang = tag;
  root.dir = textDirection(tag);
}
