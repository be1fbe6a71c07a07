/** Import cycles among the TypeScript files under `folder`, each as its files relative to it. */
export declare function importCycles(folder: string): string[][];
