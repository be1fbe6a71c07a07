// The embed snippet (issue 12, point 1): a business pastes one line into its own site — here a page
// on another origin under a strict Content-Security-Policy — and visitors chat from a launcher.
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { inject } from 'vitest';
import { WAIT_MS } from './pages/chat-page.js';
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

async function openHostPage(page: Page, attributes: Record<string, string>): Promise<void> {
  await page.goto(`${host.origin}/?${new URLSearchParams(attributes).toString()}`);
  await page.getByRole('button', { name: 'Open chat' }).waitFor({ timeout: WAIT_MS });
}

/** The chat page inside the snippet's iframe, once it exists. */
async function chatFrame(page: Page): Promise<Frame> {
  await expect
    .poll(() => page.frames().some((frame) => frame.url().startsWith(`${chatOrigin}/chat/`)), {
      timeout: WAIT_MS,
    })
    .toBe(true);
  return page.frames().find((frame) => frame.url().startsWith(`${chatOrigin}/chat/`))!;
}

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
  await openHostPage(page, { 'data-business': '@bellavista' });
  const globalsWith = await page.evaluate(() => Object.getOwnPropertyNames(window));
  expect(globalsWith.filter((name) => !globalsWithout.includes(name))).toEqual(['BusinessChat']);

  // The launcher is there; of the chat, only embed.js itself has been fetched.
  const launcher = page.getByRole('button', { name: 'Open chat' });
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
  const frame = await chatFrame(page);
  expect(new URL(frame.url()).searchParams.get('host')).toBe(host.origin);
  expect(await page.getByRole('button', { name: 'Close chat' }).first().getAttribute('aria-expanded')).toBe(
    'true',
  );

  // The question is asked in the chat, and the host hears the visitor's message and the answer.
  await frame
    .locator('[data-role="user"]', { hasText: 'Where are you located?' })
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
  expect(await frame.locator('[data-role="user"]').count()).toBe(1);

  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual(
    [],
  );
});

test('messages from anyone but the chat frame are ignored, and a bad question is refused by name', async ({
  page,
}) => {
  await openHostPage(page, { 'data-business': '@bellavista' });
  await page.getByRole('button', { name: 'Open chat' }).click();
  await chatFrame(page);
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
  await openHostPage(page, {
    'data-business': '@bellavista',
    'data-color': '#fde047',
    'data-position': 'left',
  });
  const launcher = page.getByRole('button', { name: 'Open chat' });
  const box = (await launcher.boundingBox())!;
  expect(box.x).toBeLessThan(100);

  await launcher.hover();
  const frame = await chatFrame(page);
  expect(await page.locator('#business-chat-panel').isHidden()).toBe(true);
  await launcher.click();
  await frame.getByText('Welcome to Bella Vista Salon!').waitFor({ timeout: WAIT_MS });

  const header = frame.locator('header');
  expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(253, 224, 71)');
  expect(await header.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(0, 0, 0)');
  await frame.getByRole('textbox', { name: 'Message' }).fill('Hello');
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
  await openHostPage(page, {
    'data-business-id': 'bella-vista-salon',
    'data-question': 'What are your opening hours?',
  });
  await page.getByRole('button', { name: 'Open chat' }).tap();
  const frame = await chatFrame(page);
  const panel = (await page.locator('#business-chat-panel').boundingBox())!;
  expect(panel).toEqual({ x: 0, y: 0, width: 360, height: 740 });
  // data-question is asked on the first open.
  await frame
    .locator('[data-role="user"]', { hasText: 'What are your opening hours?' })
    .waitFor({ timeout: WAIT_MS });
  await saveStateScreenshot(page, 'embedded-phone');
  await frame.getByRole('button', { name: 'Close chat' }).tap();
  await expect.poll(() => page.locator('#business-chat-panel').isHidden(), { timeout: WAIT_MS }).toBe(true);
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
  const frame = await chatFrame(page);
  await frame.getByText('Te damos la bienvenida a Bella Vista Salon!').waitFor({ timeout: WAIT_MS });
  expect(await frame.evaluate(() => document.documentElement.lang)).toBe('es');
  const background = await frame.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(15, 17, 23)');
  await frame.getByRole('textbox', { name: 'Mensaje' }).fill('Where are you located?');
  await frame.getByRole('button', { name: 'Enviar', exact: true }).click();
  await frame.locator('[data-role="ai"]:not([aria-busy])').first().waitFor({ timeout: WAIT_MS });
  expect(await seriousViolations(frame)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
});
