/** Stops a subscription. Calling it more than once is harmless. */
export type Unsubscribe = () => void;
