/**
 * firebase.json's hosting block, read as `firebase deploy` will: the page's files, the single-page
 * rewrite, caching (Hosting applies header rules in order and the last match wins) and a
 * Content-Security-Policy that allows what Firebase Auth, reCAPTCHA, Firestore and the chat service need —
 * and nothing broader.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface HeaderRule {
  source: string;
  headers: Array<{ key: string; value: string }>;
}

interface FirebaseJson {
  firestore: { rules: string; indexes: string };
  hosting: {
    public: string;
    rewrites: Array<{ source: string; destination?: string; run?: { serviceId: string } }>;
    headers: HeaderRule[];
  };
}

const config = JSON.parse(
  readFileSync(new URL('../../../../firebase.json', import.meta.url), 'utf8'),
) as FirebaseJson;

/** The value a request for `path` gets for `key`: the last matching rule's (simple globs only). */
function headerFor(path: string, key: string): string | undefined {
  let value: string | undefined;
  for (const rule of config.hosting.headers) {
    const matches =
      rule.source === '**' || (rule.source.endsWith('/**') && path.startsWith(rule.source.slice(0, -2)));
    if (!matches) continue;
    value = rule.headers.find((header) => header.key.toLowerCase() === key.toLowerCase())?.value ?? value;
  }
  return value;
}

function cspDirectives(): Map<string, string[]> {
  const csp = headerFor('/', 'Content-Security-Policy') ?? '';
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('firebase.json hosting', () => {
  it('serves the built page with the single-page fallback last, after the chat service', () => {
    expect(config.hosting.public).toBe('web/dist');
    const rewrites = config.hosting.rewrites;
    expect(rewrites.at(-1)).toEqual({ source: '**', destination: '/index.html' });
    expect(rewrites.find((rewrite) => rewrite.source === '/api/chat')?.run?.serviceId).toBe('chat-service');
    expect(config.firestore).toEqual({ rules: 'firestore.rules', indexes: 'firestore.indexes.json' });
  });

  it('caches hashed assets for a year and never index.html or a route', () => {
    expect(headerFor('/assets/index-abc123.js', 'Cache-Control')).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/index.html', '/chat/@bella.salon', '/chat/bella-vista-salon/conv-1']) {
      expect(headerFor(path, 'Cache-Control')).toBe('no-cache');
    }
  });

  it('sends the security headers on every response', () => {
    for (const path of ['/', '/assets/index-abc123.js']) {
      expect(headerFor(path, 'X-Content-Type-Options')).toBe('nosniff');
      expect(headerFor(path, 'Referrer-Policy')).toBe('strict-origin-when-cross-origin');
      expect(headerFor(path, 'Content-Security-Policy')).toBeDefined();
    }
  });

  it('has a CSP that allows Firestore, Firebase Auth, reCAPTCHA and the same-origin chat service', () => {
    const csp = cspDirectives();
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual([
      "'self'",
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
    ]);
    expect(csp.get('frame-src')).toEqual([
      'https://www.google.com/recaptcha/',
      'https://recaptcha.google.com/recaptcha/',
    ]);
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https://firestore.googleapis.com',
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      // App Check's token exchange (reCAPTCHA Enterprise's script and frame are under www.google.com/recaptcha/).
      'https://content-firebaseappcheck.googleapis.com',
    ]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
  });

  it('lets any https site frame the page (the embed snippet), and no http one (docs/decisions/0012-embedding-and-frame-ancestors.md)', () => {
    expect(cspDirectives().get('frame-ancestors')).toEqual(["'self'", 'https:']);
  });

  it('allows no wildcard source, no eval and no inline script', () => {
    for (const [directive, sources] of cspDirectives()) {
      // Who may frame the page is the one deliberately broad directive (tested above).
      if (directive === 'frame-ancestors') continue;
      for (const source of sources) {
        expect(source, directive).not.toMatch(/\*|'unsafe-eval'|^https?:$/);
        if (source === 'data:') expect(directive).toBe('img-src');
      }
      if (directive === 'script-src') expect(sources).not.toContain("'unsafe-inline'");
    }
  });
});
