/**
 * The identity provider over HTTP (paths from core's IDENTITY_ROUTES), delegating to identity/.
 * Failures carry the core error codes with the statuses of HTTP_STATUS_BY_CODE. Injected faults:
 * 'botcheck', 'otp.send', 'otp.verify'.
 */
import { Router } from 'express';
import { IDENTITY_ROUTES } from '@chat/core';
import type { Faults } from '../faults.js';
import type { Identity } from '../identity/index.js';
import { throwFault } from '../faults.js';
import { parseOrThrow } from './errors.js';
import { EmptyBody, RefreshBody, SendCodeBody, VerifyCodeBody } from '../bodies/strict-bodies.js';

export interface IdentityRoutesOptions {
  identity: Identity;
  faults: Faults;
}

export function identityRoutes({ identity, faults }: IdentityRoutesOptions): Router {
  const router = Router();

  router.post(IDENTITY_ROUTES.botCheck, (req, res) => {
    parseOrThrow(EmptyBody, req.body ?? {});
    const fault = faults.take('botcheck');
    if (fault) throwFault(fault, 'botcheck');
    res.json(identity.issueBotCheckToken());
  });

  router.post(IDENTITY_ROUTES.sendCode, (req, res) => {
    const body = parseOrThrow(SendCodeBody, req.body);
    const fault = faults.take('otp.send');
    if (fault) throwFault(fault, 'otp.send');
    res.json(identity.sendCode(body.phoneNumber, body.botCheckToken));
  });

  router.post(IDENTITY_ROUTES.verifyCode, async (req, res) => {
    const body = parseOrThrow(VerifyCodeBody, req.body);
    const fault = faults.take('otp.verify');
    if (fault) throwFault(fault, 'otp.verify');
    res.json(await identity.verifyCode(body.verificationId, body.code));
  });

  router.post(IDENTITY_ROUTES.refresh, async (req, res) => {
    const body = parseOrThrow(RefreshBody, req.body);
    res.json(await identity.refresh(body));
  });

  return router;
}
