/** A port on `host` (default 127.0.0.1) that was free a moment ago. */
export declare function freePort(host?: string): Promise<number>;
/** Whether `url` answers with a status below 500 (and, when given, a body `check` accepts). */
export declare function answers(url: string, check?: (body: string) => boolean): Promise<boolean>;
export declare function waitUntilAnswering(
  urls: string[],
  options?: { timeoutMs?: number; failed?: () => string | null; check?: (body: string) => boolean },
): Promise<void>;
