export interface FirebaseStack {
  /** The page, e.g. http://127.0.0.1:41234 (POST /api/chat there reaches the chat service). */
  webUrl: string;
  chatServiceUrl: string;
  projectId: string;
  /** host:port of the Firestore emulator. */
  firestoreHost: string;
  /** host:port of the Auth emulator. */
  authHost: string;
  /**
   * Resolves with a sentence when the chat service keeps stopping by itself (an exit is otherwise met by
   * a restart on the same port; the emulators, their data and the page stay up).
   */
  exited: Promise<string>;
  /** Stops the chat service and starts it again; resolves once it answers. */
  restartChatService(): Promise<void>;
  /** Stops everything it started; rejects when a process is left. */
  stop(): Promise<void>;
}

export declare const DEMO_BUSINESSES_FILE: string;
export declare const DEFAULT_BUSINESS_ID: string;

/** The page's VITE_* build settings for a demo- project on the emulators at the given hosts. */
export declare function demoFirebaseBuildEnv(hosts?: {
  projectId?: string;
  authHost?: string;
  firestoreHost?: string;
}): Record<string, string>;

export declare function startFirebaseStack(options?: {
  ports?: { firestore?: number; auth?: number; web?: number; chatService?: number };
  projectId?: string;
  webName?: string;
  /** Resolves with the Firestore host:port the page is built with (default: the emulator's own). */
  firestoreHostForPage?: (firestoreHost: string) => Promise<string>;
  /** More of the chat service's environment (its pace, limits, log level). */
  chatServiceEnv?: Record<string, string>;
  log?: (line: string) => void;
}): Promise<FirebaseStack>;
