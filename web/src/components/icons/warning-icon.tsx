import { SvgIcon, type IconProps } from './svg-icon.js';

/** A warning triangle: verification denied (§4). */
export function WarningIcon(props: IconProps) {
  return (
    <SvgIcon name="warning" {...props}>
      <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
      <path d="M12 9v4" />
      <path d="M12 17h.01" />
    </SvgIcon>
  );
}
