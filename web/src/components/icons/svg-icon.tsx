import type { ReactNode } from 'react';

export interface IconProps {
  /** Width and height in CSS pixels (default 20). */
  size?: number;
  className?: string;
}

/**
 * The frame every icon shares: decorative (aria-hidden, not focusable), drawn in currentColor so it
 * takes the text colour of the control it sits in, and tagged with data-icon so styles and tests can
 * tell icons apart without an accessible name.
 */
export function SvgIcon({
  name,
  size = 20,
  className,
  children,
}: IconProps & { name: string; children: ReactNode }) {
  return (
    <svg
      data-icon={name}
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}
