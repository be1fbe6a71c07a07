/** What the floor page needs from a backend: the business's name, and a message round trip. */
export interface FloorBackend {
  businessName(businessId: string): Promise<string>;
  /** Sends `text` and calls `onText` with what comes back. */
  send(text: string, onText: (text: string) => void): void;
}
