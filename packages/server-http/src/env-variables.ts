/**
 * Environment variables both servers read, as pieces of their zod configuration schemas: each issue
 * names the variable.
 */
import net from 'node:net';
import path from 'node:path';
import { scenariosFolderProblem } from '@chat/assistant';
import { z } from 'zod';

/** An integer: empty or unset gives `fallback`; anything else must be digits within [min, max]. */
export const envInteger = (name: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return fallback;
      const n = Number(value);
      if (!/^\d+$/.test(value.trim()) || n < min || n > max) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be an integer from ${min} to ${max}, got "${value}"`,
        });
        return z.NEVER;
      }
      return n;
    });

/** A scenarios folder (resolved from where the server starts): null when unset; it must exist. */
export const envScenariosDir = (name: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value?.trim()) return null;
      const dir = path.resolve(value.trim());
      const problem = scenariosFolderProblem(dir, name);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return dir;
    });

const HOST_NAME =
  /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** An IP address or a host name: no scheme, port, path or spaces. */
function isHost(value: string): boolean {
  return net.isIP(value) !== 0 || HOST_NAME.test(value);
}

/** The interface to listen on: empty or unset gives `fallback`; else an IP address or a host name. */
export const envHost = (name: string, fallback: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return fallback;
      if (!isHost(value.trim())) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be an address or host name like 0.0.0.0, 127.0.0.1 or localhost (no scheme, port or path), got "${value}"`,
        });
        return z.NEVER;
      }
      return value.trim();
    });

/** A server's `host:port` (an emulator's, as the Firebase SDKs read it): unset or empty gives null. */
export const envHostPort = (name: string, example: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return null;
      const match = /^(\[[0-9A-Fa-f:.]+\]|[^:[\]]+):(\d{1,5})$/.exec(value.trim());
      const host = match?.[1]?.replace(/^\[(.*)\]$/, '$1');
      const port = Number(match?.[2]);
      if (!host || !isHost(host) || port < 1 || port > 65535) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be host:port like ${example} (no scheme or path), got "${value}"`,
        });
        return z.NEVER;
      }
      return value.trim();
    });
