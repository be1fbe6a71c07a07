// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { laterModuleUrls } from './configured-app-plugin.js';

const SDK = new URL('../../packages/firebase/src/firestore-sdk.ts', import.meta.url).pathname;

function chunk(fileName: string, facadeModuleId: string | null): Rollup.OutputChunk {
  return { type: 'chunk', fileName, facadeModuleId } as Rollup.OutputChunk;
}

describe('the later modules a build names in index.html', () => {
  it("is Firestore's SDK chunk, under the build's base, and nothing else", () => {
    const bundle: Rollup.OutputBundle = {
      'assets/index-a.js': chunk('assets/index-a.js', '/work/web/index.html'),
      'assets/firestore-sdk-b.js': chunk('assets/firestore-sdk-b.js', SDK),
      'assets/shared-c.js': chunk('assets/shared-c.js', null),
      'assets/index-d.css': { type: 'asset', fileName: 'assets/index-d.css' } as Rollup.OutputAsset,
    };
    expect(laterModuleUrls(bundle, '/')).toEqual(['/assets/firestore-sdk-b.js']);
    expect(laterModuleUrls(bundle, '/chat-app/')).toEqual(['/chat-app/assets/firestore-sdk-b.js']);
  });

  it('is nothing in a build without it (the local backend)', () => {
    expect(laterModuleUrls({ 'assets/index-a.js': chunk('assets/index-a.js', null) }, '/')).toEqual([]);
  });
});
