export { AppIcon } from './app-icon.js';
export { CheckIcon } from './check-icon.js';
export { CloseIcon } from './close-icon.js';
export { HourglassIcon } from './hourglass-icon.js';
export { NewChatIcon } from './new-chat-icon.js';
export { SendIcon } from './send-icon.js';
export type { IconProps } from './svg-icon.js';
export { WarningIcon } from './warning-icon.js';
