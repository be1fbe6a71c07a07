export declare const CHAT_API_PATH: string;

/**
 * Serves the single-page app in the directory `serve(dir)` names (503 until then) and proxies
 * `/api/chat` to `chatServiceUrl`, as Firebase Hosting does in production.
 */
export declare function startHostingServer(options: {
  host: string;
  port: number;
  chatServiceUrl: string;
  /** The headers to send for a path of the app (firebase.json's: hosting-headers.mjs). */
  headersFor?: (path: string) => Record<string, string>;
}): Promise<{ port: number; serve(dir: string): void; close(): Promise<void> }>;
