import { SvgIcon, type IconProps } from './svg-icon.js';

/** An hourglass: verification still pending (§4). */
export function HourglassIcon(props: IconProps) {
  return (
    <SvgIcon name="hourglass" {...props}>
      <path d="M6 2h12M6 22h12" />
      <path d="M7 2v4a5 5 0 0 0 5 5 5 5 0 0 0 5-5V2" />
      <path d="M7 22v-4a5 5 0 0 1 5-5 5 5 0 0 1 5 5v4" />
    </SvgIcon>
  );
}
