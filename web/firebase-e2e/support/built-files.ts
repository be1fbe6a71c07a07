/**
 * Reads a Vite build (with .vite/manifest.json) the way a browser meets it: which files the first load
 * fetches — index.html's script and stylesheets and the chunks they import statically (the configured
 * backend is in the main chunk) — and which ones arrive only later; and, from the source maps, which
 * modules each file holds.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export async function readManifest(outDir: string): Promise<Manifest> {
  return JSON.parse(await readFile(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The manifest key of a source module, e.g. 'packages/firebase/src/index.ts' → '../packages/…'. */
export function manifestKey(manifest: Manifest, sourcePath: string): string {
  const key = Object.keys(manifest).find((candidate) => candidate.endsWith(sourcePath));
  if (!key) throw new Error(`No chunk in the build for ${sourcePath}`);
  return key;
}

/** The files of `key`'s chunk and of every chunk it imports statically (its CSS included). */
export function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** Files that index.html makes the browser fetch: module scripts, stylesheets and modulepreloads. */
export function htmlFetches(html: string): Set<string> {
  const files = new Set<string>();
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/([^"]+)"[^>]*>/g)) {
    const tag = match[0];
    if (/rel="icon"/.test(tag)) continue;
    files.add(match[1]!);
  }
  return files;
}

/** The summed gzip size of `files` in kB (1000 bytes, as Vite reports sizes). */
export async function gzipKb(outDir: string, files: Iterable<string>): Promise<number> {
  let bytes = 0;
  for (const file of files) bytes += gzipSync(await readFile(join(outDir, file))).length;
  return Math.round(bytes / 100) / 10;
}

export async function contents(outDir: string, files: Iterable<string>): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  for (const file of files) map.set(file, await readFile(join(outDir, file), 'utf8'));
  return map;
}

/** The modules (source paths, as the source map names them) that each of `files` holds. */
export async function sourcesOf(outDir: string, files: Iterable<string>): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  for (const file of files) {
    // The first-read script is not bundled from modules: the build writes its few lines as text
    // (web/build/first-read-script.ts), with no source map and nothing of Firebase or the config checks.
    if (/(^|\/)first-read-[\w-]+\.js$/.test(file)) {
      map.set(file, ['(the first-read script, written by the build)']);
      continue;
    }
    const sourceMap = JSON.parse(await readFile(join(outDir, `${file}.map`), 'utf8')) as {
      sources: string[];
    };
    map.set(file, sourceMap.sources);
  }
  return map;
}
