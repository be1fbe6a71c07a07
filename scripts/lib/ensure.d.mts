/** Types of ensure.mjs for the TypeScript scripts (the bench installs Chromium as the tests do). */
import type { SpawnSyncOptions } from 'node:child_process';

export declare const ROOT: string;
export declare const CHROMIUM_PATH: string;
export declare function run(command: string, args: readonly string[], options?: SpawnSyncOptions): void;
export declare function ensureNodeModules(): void;
/** Installs Debian's Chromium when it is absent and this machine allows it; exits the process otherwise. */
export declare function ensureChromium(): void;
export declare function ensureDocker(): Promise<{ stop(): Promise<void> } | null>;
