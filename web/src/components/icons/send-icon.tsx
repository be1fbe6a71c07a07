import { SvgIcon, type IconProps } from './svg-icon.js';

/** A paper plane, for the composer's send button. */
export function SendIcon(props: IconProps) {
  return (
    <SvgIcon name="send" {...props}>
      <path d="M22 2 11 13" />
      <path d="M22 2 15 22l-4-9-9-4z" />
    </SvgIcon>
  );
}
