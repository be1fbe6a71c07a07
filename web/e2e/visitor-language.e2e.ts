// The visitor's language (issue 12, point 3): Spanish from the browser's language, English with
// ?lang=en, <html lang> following; and a right-to-left layout mirrors the page (logical CSS).
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ChatPage, WAIT_MS } from './pages/chat-page.js';
import { DESKTOP, test } from './support/journey-test.js';
import { saveStateScreenshot } from './support/state-screenshots.js';

/** The paths of the scripts `page` fetches from now on. */
function recordScripts(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

test('a browser in Spanish gets the chat in Spanish: page, widget, errors and times', async ({
  openContext,
}) => {
  const context = await openContext({ ...DESKTOP, locale: 'es-ES' });
  const page = await context.newPage();
  const scripts = recordScripts(page);
  await page.goto('/');
  await page
    .getByText('¡Te damos la bienvenida a Bella Vista Salon!', { exact: true })
    .waitFor({ timeout: WAIT_MS });
  expect(scripts.filter((path) => path.startsWith('/assets/es-'))).toHaveLength(1);
  await page.getByText('¿En qué puedo ayudarte?', { exact: true }).waitFor();
  expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
    'es',
    'ltr',
  ]);
  const messageBox = page.getByRole('textbox', { name: 'Mensaje', exact: true });
  expect(await messageBox.getAttribute('placeholder')).toBe('Escribe tu mensaje…');
  await page.getByRole('button', { name: 'Nuevo chat', exact: true }).waitFor();

  // The phone widget and a §8 error, in Spanish.
  await messageBox.fill('I would like to book an appointment');
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  await page.getByRole('button', { name: 'Enviar código', exact: true }).waitFor({ timeout: WAIT_MS });
  await page.getByPlaceholder('(555) 123-4567').fill('5555550100');
  await page.getByRole('button', { name: 'Enviar código', exact: true }).click();
  const codeField = page.getByLabel('Código de verificación', { exact: true });
  await codeField.waitFor({ timeout: WAIT_MS });
  await codeField.fill('000000');
  await page.getByRole('button', { name: 'Verificar', exact: true }).click();
  await page
    .getByText('Código de verificación no válido. Revisa el código e inténtalo de nuevo.', { exact: true })
    .waitFor({ timeout: WAIT_MS });
  await saveStateScreenshot(page, 'spanish-code-error');

  // Message times are written the Spanish way by Intl (e.g. "23 nov 2026, 14:05").
  const sentAt = await page.locator('[data-role="visitor"]').first().getAttribute('title');
  const expected = await page.evaluate(() =>
    new Intl.DateTimeFormat('es', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date()),
  );
  expect(sentAt?.slice(0, 6)).toBe(expected.slice(0, 6));

  // An unknown business: the §8 error in Spanish.
  await page.goto('/chat/no-such-business');
  await page.getByText('Error: No se encontró el negocio', { exact: true }).waitFor({ timeout: WAIT_MS });
});

test('?lang=en gives the English page to a browser in Spanish, exactly the specification texts', async ({
  openContext,
}) => {
  const context = await openContext({ ...DESKTOP, locale: 'es-ES' });
  const chat = new ChatPage(await context.newPage());
  const scripts = recordScripts(chat.page);
  await chat.open('/chat/bella-vista-salon?lang=en');
  await chat.waitForEmptyState('Bella Vista Salon');
  await chat.messageBox.waitFor();
  expect(await chat.page.evaluate(() => document.documentElement.lang)).toBe('en');
  // The override outlives the page's own address changes (it stays in the URL with the conversation).
  expect(new URL(chat.page.url()).searchParams.get('lang')).toBe('en');
  // An English visitor downloads no other language's catalogue (Spanish is its own chunk, es-*.js).
  expect(scripts.some((path) => path.startsWith('/assets/index-'))).toBe(true);
  expect(scripts.filter((path) => path.startsWith('/assets/es-'))).toEqual([]);
});

test('in a right-to-left language the layout mirrors: bubbles, composer and header swap sides', async ({
  page,
  chat,
}) => {
  await chat.openDefaultChat();
  await chat.send('Where are you located?');
  await chat.waitForAssistantReplies(1);

  /** Where things sit: the centre x of each, as a share of the page's width. */
  const positions = () =>
    page.evaluate(() => {
      const centre = (selector: string) => {
        const box = document.querySelector(selector)!.getBoundingClientRect();
        return (box.left + box.width / 2) / document.documentElement.clientWidth;
      };
      return {
        visitor: centre('[data-role="visitor"] .msg__bubble'),
        assistant: centre('[data-role="assistant"] .msg__bubble'),
        send: centre('.composer__send'),
        name: centre('.chat-header__name'),
        newChat: centre('.chat-header__button'),
      };
    });
  const ltr = await positions();
  expect(ltr.visitor).toBeGreaterThan(ltr.assistant);
  expect(ltr.newChat).toBeGreaterThan(ltr.name);

  // What a right-to-left catalogue does to the page (applyLanguage): <html dir="rtl">. The pseudo
  // locale stands in for a real right-to-left language the page does not ship yet.
  await page.evaluate(() => {
    document.documentElement.lang = 'ar-XB';
    document.documentElement.dir = 'rtl';
  });
  const rtl = await positions();
  expect(rtl.visitor).toBeLessThan(rtl.assistant);
  expect(rtl.newChat).toBeLessThan(rtl.name);
  expect(rtl.send).toBeLessThan(0.5);
  // Mirrored, not just moved: each thing sits where its mirror image was.
  for (const key of ['visitor', 'assistant', 'send'] as const) expect(rtl[key]).toBeCloseTo(1 - ltr[key], 1);
});
