// The embed snippet (issue 12, point 1): a business pastes one line into its own site — here a page
// on another SITE (so the chat's frame is a third-party one, denied storage) under a strict
// Content-Security-Policy and with hostile CSS — and visitors chat from a launcher.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { inject } from 'vitest';
import { WAIT_MS } from './pages/chat-page.js';
import { HostSite, storageAccess, typeInChat } from './pages/host-site.js';
import { seriousViolations } from './support/axe.js';
import { startHostPageServer, type HostPageServer } from './support/host-page-server.js';
import { DESKTOP, test } from './support/journey-test.js';
import { saveStateScreenshot } from './support/state-screenshots.js';

let host: HostPageServer;
const chatOrigin = inject('webUrl');

beforeAll(async () => {
  host = await startHostPageServer(chatOrigin);
});
afterAll(async () => {
  await host.close();
});

/** Records, from before any script of the host page runs, the CSP violations it reports. */
async function recordCspViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
}

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

async function openPhone(openContext: (options: object) => Promise<BrowserContext>): Promise<Page> {
  return (await openContext(PHONE)).newPage();
}

/** The business's site, as `page` shows it. */
const site = (page: Page) => new HostSite(page, host.origin, chatOrigin);

test('one pasted line: nothing of the chat loads before the first open; open with a question, get the message event, close with Escape', async ({
  page,
}) => {
  const chatRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(chatOrigin)) chatRequests.push(new URL(request.url()).pathname);
  });
  await recordCspViolations(page);

  // The globals of the same page without the snippet: the snippet may add BusinessChat and nothing else.
  await page.goto(`${host.origin}/blank`);
  const globalsWithout = await page.evaluate(() => Object.getOwnPropertyNames(window));
  await site(page).open({ 'data-business': '@bellavista' });
  const globalsWith = await page.evaluate(() => Object.getOwnPropertyNames(window));
  expect(globalsWith.filter((name) => !globalsWithout.includes(name))).toEqual(['BusinessChat']);

  // The site's hostile CSS applies to its own divs, not to the snippet's container nor its launcher,
  // which stays pinned to the window's corner.
  expect(await page.locator('.promo').evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
  const container = await page.locator('[data-business-chat]').evaluate((el) => {
    const style = getComputedStyle(el);
    return [style.outlineStyle, style.padding, style.margin, style.transform, style.filter];
  });
  expect(container).toEqual(['none', '0px', '0px', 'none', 'none']);
  // The launcher is there; of the chat, only embed.js itself has been fetched.
  const launcher = page.getByRole('button', { name: 'Open chat' });
  expect(await launcher.boundingBox()).toEqual({
    x: 1280 - 20 - 56,
    y: 800 - 20 - 56,
    width: 56,
    height: 56,
  });
  expect(await launcher.getAttribute('aria-expanded')).toBe('false');
  expect(chatRequests).toEqual(['/embed.js']);
  // The chat's server says who may frame it (docs/decisions/0012-embedding-and-frame-ancestors.md).
  const framing = await page.request.get(`${chatOrigin}/chat/bella-vista-salon`);
  expect(framing.headers()['content-security-policy']).toBe(
    "frame-ancestors 'self' https: http://localhost:* http://127.0.0.1:*",
  );
  expect(page.frames()).toHaveLength(1);

  await page.evaluate(() => {
    const events: unknown[] = [];
    (window as unknown as { chatEvents: unknown[] }).chatEvents = events;
    const chat = (
      window as unknown as { BusinessChat: { on(event: string, fn: (m?: unknown) => void): void } }
    ).BusinessChat;
    chat.on('open', () => events.push('open'));
    chat.on('close', () => events.push('close'));
    chat.on('message', (message) => events.push(message));
  });
  const events = () => page.evaluate(() => (window as unknown as { chatEvents: unknown[] }).chatEvents);

  await page.evaluate(() =>
    (window as unknown as { BusinessChat: { open(o: object): void } }).BusinessChat.open({
      question: 'Where are you located?',
    }),
  );
  const frame = await site(page).chatFrame();
  expect(new URL(frame.url()).searchParams.get('host')).toBe(host.origin);
  // The host page is another site: Chromium denies the chat's frame its storage, as on a real
  // business's site. (Regression: the page then failed to start, "Access is denied for this document".)
  expect(new URL(host.origin).hostname).not.toBe(new URL(chatOrigin).hostname);
  expect(await storageAccess(frame)).toBe('SecurityError');
  expect(await page.getByRole('button', { name: 'Close chat' }).first().getAttribute('aria-expanded')).toBe(
    'true',
  );

  // The question is asked in the chat, and the host hears the visitor's message and the answer.
  await frame
    .locator('[data-role="visitor"]', { hasText: 'Where are you located?' })
    .waitFor({ timeout: WAIT_MS });
  await expect
    .poll(async () => (await events()).filter((e) => typeof e === 'object'), { timeout: WAIT_MS })
    .toEqual([
      expect.objectContaining({ author: 'visitor', text: 'Where are you located?' }),
      expect.objectContaining({ author: 'assistant', text: expect.stringMatching(/\S/) }),
    ]);
  // Inside the panel the page shows no second chrome (no app logo) but keeps 'New chat'.
  await frame.getByRole('button', { name: 'New chat' }).waitFor();
  expect(await frame.locator('.chat-header__logo').count()).toBe(0);

  // Escape, pressed with focus in the chat, closes the panel and gives focus back to the launcher.
  await frame.getByRole('textbox', { name: 'Message' }).click();
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('#business-chat-panel').isHidden(), { timeout: WAIT_MS }).toBe(true);
  expect(await launcher.getAttribute('aria-expanded')).toBe('false');
  expect(await launcher.evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el)).toBe(true);
  expect((await events()).filter((e) => typeof e === 'string')).toEqual(['open', 'close']);

  // The keyboard opens it again, on the same conversation.
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator('#business-chat-panel').isVisible(), { timeout: WAIT_MS }).toBe(true);
  expect(await frame.locator('[data-role="visitor"]').count()).toBe(1);

  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual(
    [],
  );
});

test('messages from anyone but the chat frame are ignored, and a bad question is refused by name', async ({
  page,
}) => {
  await site(page).open({ 'data-business': '@bellavista' });
  await page.getByRole('button', { name: 'Open chat' }).click();
  await site(page).chatFrame();
  // The host page itself (another source, its own origin) pretends to be the chat asking to close.
  // Resolves once the message has been dispatched: the snippet's listener, added first, has run.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        window.addEventListener('message', () => resolve(), { once: true });
        window.postMessage({ source: 'business-chat', type: 'close' }, '*');
      }),
  );
  expect(await page.locator('#business-chat-panel').isVisible()).toBe(true);

  const refusal = await page.evaluate(() => {
    try {
      (window as unknown as { BusinessChat: { open(o: object): void } }).BusinessChat.open({
        question: '   ',
      });
      return 'accepted';
    } catch (error) {
      return String(error);
    }
  });
  expect(refusal).toMatch(/TypeError: BusinessChat\.open: question must be a non-empty text/);
});

test('data-color tints the chat with readable text, hovering warms the frame, and the panel is axe-clean', async ({
  page,
}) => {
  // A light yellow: the header and the send button must switch to black text to stay readable.
  await site(page).open({
    'data-business': '@bellavista',
    'data-color': '#fde047',
    'data-position': 'left',
  });
  const launcher = page.getByRole('button', { name: 'Open chat' });
  const box = (await launcher.boundingBox())!;
  expect(box.x).toBeLessThan(100);

  await launcher.hover();
  const frame = await site(page).chatFrame();
  expect(await page.locator('#business-chat-panel').isHidden()).toBe(true);
  await launcher.click();
  await frame.getByText('Welcome to Bella Vista Salon!').waitFor({ timeout: WAIT_MS });

  const header = frame.locator('header');
  expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(253, 224, 71)');
  expect(await header.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(0, 0, 0)');
  // The colours of the conversation's own composer (typing before it exists: early-typing.e2e.ts).
  await expect
    .poll(() => new URL(frame.url()).pathname, { timeout: WAIT_MS })
    .toMatch(/^\/chat\/bella-vista-salon\/[^/]+$/);
  // The conversation's own view (its message region) is in place: the colours asserted are its box's.
  await frame.getByRole('region', { name: 'Messages' }).waitFor({ timeout: WAIT_MS });
  await typeInChat(frame, 'Message', 'Hello');
  const send = frame.getByRole('button', { name: 'Send' });
  // (polled: the button fades from its disabled colour)
  await expect
    .poll(() => send.evaluate((el) => getComputedStyle(el).backgroundColor), { timeout: WAIT_MS })
    .toBe('rgb(253, 224, 71)');
  expect(await send.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(0, 0, 0)');
  await saveStateScreenshot(page, 'embedded-panel');
  expect(await seriousViolations(frame)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
});

test('on a phone the panel fills the screen and the page inside offers Close chat', async ({
  openContext,
}) => {
  const context = await openContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await site(page).open({
    'data-business-id': 'bella-vista-salon',
    'data-question': 'What are your opening hours?',
  });
  await page.getByRole('button', { name: 'Open chat' }).tap();
  const frame = await site(page).chatFrame();
  const panel = (await page.locator('#business-chat-panel').boundingBox())!;
  expect(panel).toEqual({ x: 0, y: 0, width: 360, height: 740 });
  // data-question is asked on the first open.
  await frame
    .locator('[data-role="visitor"]', { hasText: 'What are your opening hours?' })
    .waitFor({ timeout: WAIT_MS });
  await saveStateScreenshot(page, 'embedded-phone');
  await frame.getByRole('button', { name: 'Close chat' }).tap();
  await expect.poll(() => page.locator('#business-chat-panel').isHidden(), { timeout: WAIT_MS }).toBe(true);
});

// Regression: on a phone the panel fills the screen and hides the launcher, and a page that could not
// show the chat offered no way out (no close control, Escape did nothing): the visitor was trapped.
test('on a phone, a business that is not found still offers Close chat, and Escape closes the panel', async ({
  openContext,
}) => {
  const page = await openPhone(openContext);
  await site(page).open({ 'data-business': '@nosuchbusiness' });
  const launcher = page.getByRole('button', { name: 'Open chat' });
  await launcher.tap();
  const frame = await site(page).chatFrame();
  await frame.getByText('Business not found').waitFor({ timeout: WAIT_MS });
  expect(await launcher.isVisible()).toBe(false);
  await saveStateScreenshot(page, 'embedded-phone-not-found');

  await frame.getByRole('button', { name: 'Close chat' }).tap();
  await expect.poll(() => site(page).panelHidden(), { timeout: WAIT_MS }).toBe(true);

  await launcher.tap();
  await expect.poll(() => site(page).panelHidden(), { timeout: WAIT_MS }).toBe(false);
  // Focus inside the frame: the host page never sees the key, the page inside asks the host to close.
  await frame.getByRole('button', { name: 'Close chat' }).focus();
  await page.keyboard.press('Escape');
  await expect.poll(() => site(page).panelHidden(), { timeout: WAIT_MS }).toBe(true);
});

test('on a phone, a chat page that cannot start still offers Close chat, and Escape closes the panel', async ({
  openContext,
}) => {
  const context = await openContext({ ...PHONE, locale: 'es-ES' });
  // The Spanish texts never arrive: the page shows its boot error (outside the app's providers).
  await context.route(/\/assets\/es-[\w-]+\.js$/, (route) => route.abort());
  const page = await context.newPage();
  await site(page).open({ 'data-business': '@bellavista' }, 'Abrir chat');
  await page.getByRole('button', { name: 'Abrir chat' }).tap();
  const frame = await site(page).chatFrame();
  await frame.getByText('The chat could not start').waitFor({ timeout: WAIT_MS });

  // Escape with focus on the page inside the frame, then the button.
  await frame.locator('body').click();
  await page.keyboard.press('Escape');
  await expect.poll(() => site(page).panelHidden(), { timeout: WAIT_MS }).toBe(true);
  await page.getByRole('button', { name: 'Abrir chat' }).tap();
  await expect.poll(() => site(page).panelHidden(), { timeout: WAIT_MS }).toBe(false);
  await frame.getByRole('button', { name: 'Close chat' }).tap();
  await expect.poll(() => site(page).panelHidden(), { timeout: WAIT_MS }).toBe(true);
});

test('on a phone, a chat page whose script never loads leaves the launcher to close the panel', async ({
  openContext,
}) => {
  const context = await openContext(PHONE);
  // The chat page's own script never arrives: the frame stays blank and can offer nothing itself.
  await context.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
  const page = await context.newPage();
  await site(page).open({ 'data-business': '@bellavista' });
  await page.getByRole('button', { name: 'Open chat' }).tap();
  await expect.poll(() => site(page).panelHidden(), { timeout: WAIT_MS }).toBe(false);
  const close = page.getByRole('button', { name: 'Close chat' });
  await close.tap();
  await expect.poll(() => site(page).panelHidden(), { timeout: WAIT_MS }).toBe(true);
});

test('a visitor whose browser is in Spanish and dark mode gets a Spanish, dark, accessible chat on the business site', async ({
  openContext,
}) => {
  const context = await openContext({ ...DESKTOP, locale: 'es-ES', colorScheme: 'dark' });
  const page = await context.newPage();
  await page.goto(`${host.origin}/?data-business=%40bellavista`);
  const launcher = page.getByRole('button', { name: 'Abrir chat' });
  await launcher.click();
  expect(await page.getByRole('button', { name: 'Cerrar chat' }).first().getAttribute('aria-expanded')).toBe(
    'true',
  );
  const frame = await site(page).chatFrame();
  await frame.getByText('Te damos la bienvenida a Bella Vista Salon!').waitFor({ timeout: WAIT_MS });
  expect(await frame.evaluate(() => document.documentElement.lang)).toBe('es');
  const background = await frame.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(15, 17, 23)');
  await typeInChat(frame, 'Mensaje', 'Where are you located?');
  await frame.getByRole('button', { name: 'Enviar', exact: true }).click();
  await frame.locator('[data-role="assistant"]:not([aria-busy])').first().waitFor({ timeout: WAIT_MS });
  expect(await seriousViolations(frame)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
});
