import { SvgIcon, type IconProps } from './svg-icon.js';

/** A check mark: a step completed (phone number verified). */
export function CheckIcon(props: IconProps) {
  return (
    <SvgIcon name="check" {...props}>
      <path d="M20 6 9 17l-5-5" />
    </SvgIcon>
  );
}
