import { SvgIcon, type IconProps } from './svg-icon.js';

// The bubble and its three dots as one even-odd path: the dots are holes, so the mark reads on any
// background and takes its colour from currentColor alone.
const BUBBLE =
  'M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.2 3.6A.5.5 0 0 1 5 19.2V16h-.5A.5.5 0 0 1 4 15.5z';
const DOTS = [8.5, 12, 15.5]
  .map((cx) => `M${cx - 1.2} 9.5a1.2 1.2 0 1 0 2.4 0a1.2 1.2 0 1 0-2.4 0z`)
  .join('');

/** The app's logo: a chat bubble with three dots. */
export function AppIcon(props: IconProps) {
  return (
    <SvgIcon name="app" {...props}>
      <path d={BUBBLE + DOTS} fill="currentColor" fillRule="evenodd" stroke="none" />
    </SvgIcon>
  );
}
