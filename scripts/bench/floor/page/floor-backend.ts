/** What the floor page needs from a backend: the business's name with live messages open, and a send. */
export interface FloorBackend {
  /**
   * Reads the business's name and, in parallel, opens the live messages of a new conversation (what the
   * chat page needs before its welcome); resolves with the name when both are done. `onReply` is called
   * with the assistant's reply text each time it grows.
   */
  open(businessId: string, onReply: (id: string, text: string) => void): Promise<string>;
  /** Sends the visitor's message: saved, then the chat call (§4's order); the reply comes to `onReply`. */
  send(text: string): void;
}
