/** Types of hosting-headers.mjs for the TypeScript scripts (the bench's Firebase A/B). */
export declare function emulatorHostingHeaders(
  emulatorHosts: readonly string[],
  file?: string,
): (path: string) => Record<string, string>;
