/**
 * The notice above the messages when a business is not approved (§4 "Verification banner"): an
 * hourglass and 'Not Yet Verified' for pending (and any status other than denied, so an unknown
 * status never reads as approved), a warning for denied. Dismissing hides it until the page is
 * reloaded or the status changes.
 */
import { useState } from 'react';
import { fillText, type VerificationStatus } from '@chat/core';
import { PAGE_TEXT, UI_TEXT } from '../../lib/i18n/active-text.js';
import { CloseIcon } from '../../components/icons/close-icon.js';
import { HourglassIcon } from '../../components/icons/hourglass-icon.js';
import { WarningIcon } from '../../components/icons/warning-icon.js';
import './verification-banner.css';

export interface VerificationBannerProps {
  businessName: string;
  status: VerificationStatus;
}

export function VerificationBanner({ businessName, status }: VerificationBannerProps) {
  // Remember which status was dismissed: a different status later shows the banner again.
  const [dismissedStatus, setDismissedStatus] = useState<VerificationStatus | null>(null);
  if (status === 'approved' || dismissedStatus === status) return null;

  const denied = status === 'denied';
  return (
    <section
      className={`verification-banner verification-banner--${denied ? 'denied' : 'pending'}`}
      aria-label={PAGE_TEXT.businessVerification}
    >
      {/* The colour spans the window; the content lines up with the header and the messages. */}
      <div className="verification-banner__inner">
        <span className="verification-banner__icon">
          {denied ? <WarningIcon size={22} /> : <HourglassIcon size={22} />}
        </span>
        <div className="verification-banner__body">
          {!denied && <p className="verification-banner__title">{UI_TEXT.notYetVerifiedTitle}</p>}
          <p className="verification-banner__text">
            {fillText(denied ? UI_TEXT.denied : UI_TEXT.notYetVerified, { business: businessName })}
          </p>
        </div>
        <button
          type="button"
          className="verification-banner__dismiss"
          aria-label={PAGE_TEXT.dismiss}
          onClick={() => setDismissedStatus(status)}
        >
          <CloseIcon size={18} />
        </button>
      </div>
    </section>
  );
}
