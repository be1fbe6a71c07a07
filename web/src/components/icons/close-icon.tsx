import { SvgIcon, type IconProps } from './svg-icon.js';

/** A cross, for dismiss and close buttons. */
export function CloseIcon(props: IconProps) {
  return (
    <SvgIcon name="close" {...props}>
      <path d="M18 6 6 18" />
      <path d="M6 6l12 12" />
    </SvgIcon>
  );
}
