// The typecheck step of `npm run check:quick`: the same TypeScript projects `npm run typecheck` checks (the
// root, the floor page, every workspace), each exactly as `tsc --noEmit -p <project>` does, but two at a
// time (`npm run typecheck` runs them one after another) and incremental: each keeps its .tsbuildinfo in
// node_modules/.cache/typecheck-quick/, so after a small change tsc re-checks what the change can affect
// instead of the whole program. Each project re-reads core and its other dependencies from source, which
// is why 14 sequential runs took minutes on 2 cores. Node built-ins only, like the other run scripts.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { ROOT } from './lib/ensure.mjs';

const CACHE = join(ROOT, 'node_modules', '.cache', 'typecheck-quick');
mkdirSync(CACHE, { recursive: true });

const workspaces = [
  ...readdirSync(join(ROOT, 'packages')).map((name) => `packages/${name}`),
  'mock-server',
  'web',
].filter((dir) => existsSync(join(ROOT, dir, 'tsconfig.json')));
const projects = ['.', 'scripts/bench/floor/page', ...workspaces];

function check(project) {
  const info = join(CACHE, `${project === '.' ? 'root' : project.replaceAll('/', '-')}.tsbuildinfo`);
  const args = ['tsc', '--noEmit', '-p', project, '--incremental', '--tsBuildInfoFile', info];
  return new Promise((resolve) => {
    const child = spawn('npx', args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ project, code, output }));
  });
}

const queue = [...projects];
const failed = [];
async function worker() {
  for (let project = queue.shift(); project !== undefined; project = queue.shift()) {
    const result = await check(project);
    if (result.code !== 0) {
      failed.push(project);
      process.stdout.write(`✗ ${project}\n${result.output}\n`);
    }
  }
}
await Promise.all(Array.from({ length: Math.min(2, availableParallelism()) }, worker));
if (failed.length > 0) {
  console.error(`✗ typecheck failed in ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`✓ ${projects.length} TypeScript projects check.`);
