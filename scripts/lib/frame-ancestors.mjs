// Which pages may show the chat page in a frame — the embed snippet's iframe on a business's site.
// One value for every server of the page: the Vite dev server (npm start), the web container and the
// browser journeys (spa-static-handler.mjs). Firebase Hosting (firebase.json's CSP) sends the production
// form, `frame-ancestors 'self' https:`, without the local development pages.
// Why these sources: docs/decisions/0012-embedding-and-frame-ancestors.md.

/** Any https site (the businesses' own), the page itself, and local http pages for development. */
export const FRAME_ANCESTORS = "frame-ancestors 'self' https: http://localhost:* http://127.0.0.1:*";

/** The response headers that carry it. */
export const FRAME_ANCESTORS_HEADERS = { 'Content-Security-Policy': FRAME_ANCESTORS };
