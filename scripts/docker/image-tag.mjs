// Prints the chat service image's tag: its package version and the git commit it is built from, e.g.
// `0.1.0-59df846` (`-dirty` added when the work tree has uncommitted changes), so every deployed
// revision names its source and an earlier one can be deployed again (README "Deploy": rollback).
// Usage: TAG=$(node scripts/docker/image-tag.mjs)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const root = new URL('../../', import.meta.url);
const { version } = JSON.parse(readFileSync(new URL('packages/chat-service/package.json', root), 'utf8'));
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
let sha;
try {
  sha = git('rev-parse', '--short=7', 'HEAD');
} catch {
  console.error('image-tag: not a git checkout; cannot tell the commit');
  process.exit(1);
}
const dirty = git('status', '--porcelain', '--untracked-files=no') !== '' ? '-dirty' : '';
console.log(`${version}-${sha}${dirty}`);
