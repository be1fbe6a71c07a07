import { describe, expect, it } from 'vitest';
import { ALLOWED_LINK_PROTOCOLS, safeLinkUrl } from './link-protocols.js';

describe('safeLinkUrl (§9: links only for http, https, irc, ircs, mailto and xmpp)', () => {
  it('allows exactly the six protocols of §9', () => {
    expect([...ALLOWED_LINK_PROTOCOLS].sort()).toEqual(['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp']);
  });

  it.each([
    'http://example.com',
    'https://example.com/path?q=1#top',
    'irc://irc.libera.chat/#chat',
    'ircs://irc.libera.chat:6697/#chat',
    'mailto:hello@example.com',
    'xmpp:someone@example.com',
    'HTTPS://EXAMPLE.COM',
    'Http://example.com',
    'MailTo:hello@example.com',
  ])('keeps %j', (url) => {
    expect(safeLinkUrl(url)).toBe(url);
  });

  it.each([
    '/booking',
    'booking/123',
    './faq',
    '../prices',
    '?tab=hours',
    '#anchor',
    '/path?time=10:30',
    '#a:b',
  ])('keeps the relative URL %j', (url) => {
    expect(safeLinkUrl(url)).toBe(url);
  });

  it('reads the scheme as a browser does, ignoring tabs and newlines inside it', () => {
    expect(safeLinkUrl('ht\ttps://example.com')).toBe('ht\ttps://example.com');
    expect(safeLinkUrl('mail\nto:hello@example.com')).toBe('mail\nto:hello@example.com');
  });

  it('trims surrounding spaces from an allowed URL', () => {
    expect(safeLinkUrl('  https://example.com  ')).toBe('https://example.com');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0000javascript:alert(1)',
    'javascript\u0001:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'DATA:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com',
    'tel:+15555550100',
    'c:\\windows',
  ])('drops %j', (url) => {
    expect(safeLinkUrl(url)).toBe('');
  });
});
