// The response headers Firebase Hosting sends in production, read from firebase.json's `hosting.headers`
// (never copied), for the local stand-in of Hosting (hosting-server.mjs): `npm run start:firebase` and the
// browser journeys on the Firebase stack then meet the real Content-Security-Policy and the rest.
//
// Served for the emulators, the policy gains only what the emulator build needs and production must not
// allow (issue 29, decision 0030):
//   - connect-src: the Firestore and Auth emulators' origins (http://127.0.0.1:port), which the page
//     built with VITE_*_EMULATOR_HOST talks to in place of googleapis.com;
//   - frame-ancestors: the local http pages (FRAME_ANCESTORS, as every other local server of the page has),
//     so the embed snippet can be tried from a page on this machine;
//   - upgrade-insecure-requests is left out: the local stack is plain http, and the directive would turn
//     the page's requests to the emulators (http, another port) into https requests nothing answers.
// Everything else — script-src, style-src, img-src, object-src, the other headers — is production's.
//
// Limits: `source` globs as Hosting reads them for the forms firebase.json uses (`**`, `*`, literal
// paths); `regex` sources are refused with a clear error rather than half-supported. Node built-ins only.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './ensure.mjs';
import { FRAME_ANCESTORS } from './frame-ancestors.mjs';

export const FIREBASE_JSON = join(ROOT, 'firebase.json');

/** A Hosting `source` glob as a RegExp over the URL path. */
export function globToRegExp(glob) {
  let pattern = '';
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i];
    if (char === '*' && glob[i + 1] === '*') {
      pattern += '.*';
      i++;
    } else if (char === '*') pattern += '[^/]*';
    else if (char === '?') pattern += '[^/]';
    else pattern += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${pattern}$`);
}

/** firebase.json's hosting header rules, in order: `[{ matches(path), headers: { key: value } }]`. */
export function readHostingHeaderRules(file = FIREBASE_JSON) {
  const config = JSON.parse(readFileSync(file, 'utf8'));
  const rules = config?.hosting?.headers ?? [];
  if (!Array.isArray(rules)) throw new Error(`${file}: hosting.headers must be an array`);
  return rules.map((rule, index) => {
    if (typeof rule?.source !== 'string') {
      throw new Error(
        `${file}: hosting.headers[${index}] has no "source" glob (regex sources are not served locally)`,
      );
    }
    const regExp = globToRegExp(rule.source);
    return {
      matches: (path) => regExp.test(path),
      headers: Object.fromEntries((rule.headers ?? []).map(({ key, value }) => [key, value])),
    };
  });
}

/** The headers for `path`: every matching rule's, a later rule's value winning for the same key (as Hosting). */
export function headersFor(rules, path) {
  const headers = {};
  for (const rule of rules) if (rule.matches(path)) Object.assign(headers, rule.headers);
  return headers;
}

/** A policy's directives as an ordered Map of name → sources. */
function parsePolicy(policy) {
  const directives = new Map();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

function formatPolicy(directives) {
  return [...directives].map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}

/**
 * Production's Content-Security-Policy as served for the emulators: `emulatorOrigins` added to
 * connect-src, the local pages to frame-ancestors, upgrade-insecure-requests left out (see the header).
 */
export function policyForEmulators(policy, emulatorOrigins) {
  const directives = parsePolicy(policy);
  const add = (name, sources) => {
    const current = directives.get(name) ?? [];
    directives.set(name, [...current, ...sources.filter((source) => !current.includes(source))]);
  };
  add('connect-src', emulatorOrigins);
  add('frame-ancestors', FRAME_ANCESTORS.split(/\s+/).slice(1));
  directives.delete('upgrade-insecure-requests');
  return formatPolicy(directives);
}

/**
 * `(path) => headers`: firebase.json's headers for each path, their policy as served for the emulators
 * at `emulatorHosts` (host:port each).
 */
export function emulatorHostingHeaders(emulatorHosts, file = FIREBASE_JSON) {
  const rules = readHostingHeaderRules(file);
  const origins = emulatorHosts.map((hostPort) => `http://${hostPort}`);
  return (path) => {
    const headers = headersFor(rules, path);
    for (const key of Object.keys(headers)) {
      if (key.toLowerCase() === 'content-security-policy')
        headers[key] = policyForEmulators(headers[key], origins);
    }
    return headers;
  };
}
