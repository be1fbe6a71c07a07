import { SvgIcon, type IconProps } from './svg-icon.js';

/** A pen over a square, for starting a new chat. */
export function NewChatIcon(props: IconProps) {
  return (
    <SvgIcon name="new-chat" {...props}>
      <path d="M12 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-6" />
      <path d="M18.4 2.6a2 2 0 0 1 2.9 2.9L12 14.8l-4 1 1-4z" />
    </SvgIcon>
  );
}
