/**
 * The middleware every request passes: security headers, the Host check, CORS, the JSON body
 * parser with its size limit, a request log line, and the rate limiters of the identity and chat
 * endpoints.
 */
import cors from 'cors';
import express from 'express';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { CONTROL_HEADER } from '@chat/core';
import { createWindowLimiter, rateLimited, refuseDeclaredOversize } from '@chat/server-http';
import { refuseMalformedBody } from './json-body-shape.js';
import { hostGuard } from './request-guards.js';

/** The web dev server's origins (Vite on port 5173). */
export const DEFAULT_CORS_ORIGINS: readonly string[] = ['http://localhost:5173', 'http://127.0.0.1:5173'];

/** Whether a request from `origin` may use the server. No Origin means not a browser: allowed. */
export function originAllowed(origin: string | undefined, allowlist: readonly string[]): boolean {
  return origin === undefined || allowlist.includes(origin);
}

export interface SecurityOptions {
  corsOrigins: readonly string[];
  /** Host names (no port) the Host header may carry; see request-guards.ts. */
  hostAllowlist: ReadonlySet<string>;
  /** Largest request body in bytes. */
  bodyLimitBytes: number;
}

export function securityMiddleware(options: SecurityOptions): RequestHandler[] {
  const { corsOrigins, hostAllowlist, bodyLimitBytes } = options;
  return [
    // HSTS is off: the server speaks plain HTTP, and HSTS on localhost would pin every local port to HTTPS.
    // CORP cross-origin: the web app on another port reads these answers; CORS decides who may.
    helmet({ strictTransportSecurity: false, crossOriginResourcePolicy: { policy: 'cross-origin' } }),
    hostGuard(hostAllowlist),
    cors({
      origin: (origin, callback) => callback(null, originAllowed(origin, corsOrigins)),
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      // The control header is listed so that allowed origins (a demo console) may send it after the preflight.
      allowedHeaders: ['Content-Type', 'Authorization', CONTROL_HEADER],
      // A limited visitor's page may read how long to wait (429), as from the production chat service.
      exposedHeaders: ['Retry-After'],
      maxAge: 600,
    }),
    refuseDeclaredOversize(bodyLimitBytes),
    express.json({ limit: bodyLimitBytes }),
    refuseMalformedBody,
  ];
}

/** One log line per request (never its headers or body: they carry tokens and phone numbers). */
export function requestLog(logger: Logger): RequestHandler {
  // The level is read once at start: below debug, a request costs no listener and no clock reads.
  if (!logger.isLevelEnabled('debug')) return (_req, _res, next) => next();
  return (req, res, next) => {
    const started = performance.now();
    res.on('finish', () => {
      const ms = Math.round(performance.now() - started);
      logger.debug({ method: req.method, path: req.path, status: res.statusCode, ms }, 'request');
    });
    next();
  };
}

export interface RateLimitOptions {
  windowMs: number;
  /** Requests per window and client to the identity endpoints. */
  identityMax: number;
  /** Requests per window and client to the chat endpoint. */
  chatMax: number;
  /** Requests per window and client to the data API; default DEFAULT_DATA_RATE_LIMIT. */
  dataMax?: number;
}

/** Data requests per minute and client when not configured: far above what a page, a test suite or a demo sends. */
export const DEFAULT_DATA_RATE_LIMIT = 6000;

/** Clients counted at once per limiter: a flood of addresses can reset counts, never grow the process. */
const RATE_LIMIT_MAX_KEYS = 10_000;

export interface RateLimiters {
  identity: RequestHandler;
  chat: RequestHandler;
  data: RequestHandler;
  /** Forgets every counter (control reset). */
  reset(): void;
}

/** One counter per endpoint group and client, as the production chat service counts (@chat/server-http). */
export function createRateLimiters(options: RateLimitOptions): RateLimiters {
  const counter = (max: number) =>
    createWindowLimiter({ windowMs: options.windowMs, max, maxKeys: RATE_LIMIT_MAX_KEYS });
  const counters = {
    identity: counter(options.identityMax),
    chat: counter(options.chatMax),
    data: counter(options.dataMax ?? DEFAULT_DATA_RATE_LIMIT),
  };
  return {
    identity: rateLimited(counters.identity),
    chat: rateLimited(counters.chat),
    data: rateLimited(counters.data),
    reset() {
      for (const limiter of Object.values(counters)) limiter.clear();
    },
  };
}
