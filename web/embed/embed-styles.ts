/**
 * The launcher's and panel's styles, inside the shadow root: the host page's CSS cannot reach them
 * and they cannot reach the host page. Adopted as a constructed stylesheet, which a strict
 * Content-Security-Policy allows (a <style> element would need 'unsafe-inline').
 *
 * The one element the host page's selectors can match is the container in its light DOM (`div {…}`,
 * `body > * {…}`): `:host` resets it, and `!important` makes the reset win over any rule of the host
 * page, even an !important one or an inline style (for important declarations the shadow tree's context
 * wins). Without it a stray outline or padding shows beside the launcher, and a host `transform` or
 * `filter` on divs would even pin the fixed launcher and panel to the container instead of the window.
 */
export const EMBED_CSS = `
:host { all: initial !important; }
.launcher {
  position: fixed; inset-block-end: 20px; inset-inline-end: 20px; z-index: 2147483646;
  display: grid; place-items: center; width: 56px; height: 56px; padding: 0; margin: 0;
  border: 0; border-radius: 50%; cursor: pointer;
  background: var(--brand); color: var(--on-brand);
  box-shadow: 0 4px 14px rgb(0 0 0 / 25%);
}
.left .launcher { inset-inline-end: auto; inset-inline-start: 20px; }
.launcher:focus { outline: none; }
.launcher:focus-visible { box-shadow: 0 0 0 3px #ffffff, 0 0 0 6px #1d4ed8, 0 4px 14px rgb(0 0 0 / 25%); }
.launcher svg { width: 26px; height: 26px; fill: none; stroke: currentColor; stroke-width: 2;
  stroke-linecap: round; stroke-linejoin: round; }
.panel {
  position: fixed; inset-block: 16px 88px; inset-inline-end: 16px; z-index: 2147483647;
  width: min(400px, calc(100vw - 32px)); overflow: hidden;
  border-radius: 16px; background: #ffffff; box-shadow: 0 12px 40px rgb(0 0 0 / 30%);
}
.left .panel { inset-inline-end: auto; inset-inline-start: 16px; }
.panel[hidden] { display: none; }
iframe { display: block; width: 100%; height: 100%; border: 0; }
@media (max-width: 480px) {
  .panel, .left .panel { inset: 0; width: 100%; border-radius: 0; }
  /* Until the chat page says it is ready, the launcher (its close button) stays above the panel. */
  .open .launcher { z-index: 2147483647; }
  .open.ready .launcher { display: none; }
}
@media (prefers-color-scheme: dark) { .panel { background: #0f1117; } }
`;
