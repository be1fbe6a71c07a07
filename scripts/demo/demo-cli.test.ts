// The demo CLI as a person runs it: its output and its exit code (in this process, to spare the
// CPU; one test runs the real `npm run demo` process to check the exit code reaches the shell).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runDemo } from './cli.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TEST_SCENARIOS = path.join(ROOT, 'mock-server/src/scenarios/test-scenarios');

async function demo(...args: string[]): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const keep = (...parts: unknown[]) => void lines.push(parts.map(String).join(' '));
  const log = vi.spyOn(console, 'log').mockImplementation(keep);
  const error = vi.spyOn(console, 'error').mockImplementation(keep);
  try {
    const code = await runDemo(args);
    return { code, output: lines.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

describe('npm run demo', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-cli-'));
    for (const name of ['greeting.yaml', 'broken-step.yaml']) {
      fs.copyFileSync(path.join(TEST_SCENARIOS, name), path.join(dir, name));
    }
    // Valid, but its rehearsal text does not match its own step: the fallback answers instead.
    fs.writeFileSync(
      path.join(dir, 'mis-scripted.yaml'),
      'name: Mis-scripted\ndescription: Wrong visitor text.\nbusiness: bella-vista-salon\nfallback: Pardon?\n' +
        'steps:\n  - { id: greet, when: { text: good morning }, visitor: good evening, reply: Morning! }\n',
    );
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('has --help on every command', async () => {
    for (const command of ['list', 'start', 'check', 'record']) {
      const { code, output } = await demo(command, '--help');
      expect(code).toBe(0);
      expect(output).toContain(`Usage: npm run demo -- ${command}`);
    }
    expect((await demo('--help')).output).toContain('Commands:');
    expect((await demo('check', '--everything')).output).toContain("Unknown option '--everything'");
    const unknown = await demo('rehearse');
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('Unknown command "rehearse"');
  });

  it('lists scenarios with their validity, naming the file, step and problem of a broken one', async () => {
    const { code, output } = await demo('list', '--dir', dir);
    expect(code).toBe(1);
    expect(output).toMatch(/✓ greeting\s+Says hello\./);
    expect(output).toMatch(/✗ broken-step/);
    expect(output).toContain('broken-step.yaml, step 2 (wrong), when: must be one of');
  });

  it('check --all passes the good scenario, fails the broken and the mis-scripted ones, and exits 1', () => {
    // The real process, as CI runs it: the exit code must reach the shell.
    const result = spawnSync('npm', ['run', '--silent', 'demo', '--', 'check', '--all', '--dir', dir], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    const [code, output] = [result.status, `${result.stdout}${result.stderr}`];
    expect(code).toBe(1);
    expect(output).toContain('✗ broken-step is not valid');
    expect(output).toContain('✓ greeting');
    expect(output).toContain('assistant: Hello from the script!');
    expect(output).toMatch(/✗ step 1 \(greet\)[\s\S]*the fallback answered instead of this step/);
    expect(output).toContain('✗ 2 of 3 failed.');
  });

  it('check of one scenario exits 0 when it passes; an unknown name gets the closest one', async () => {
    expect((await demo('check', 'greeting', '--dir', dir)).code).toBe(0);
    const unknown = await demo('check', 'greting', '--dir', dir);
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('Unknown scenario "greting" (did you mean "greeting"?)');
    expect((await demo('start', 'greting', '--dir', dir)).output).toContain('did you mean "greeting"?');
  });

  it('says when the server to rehearse against is not reachable', async () => {
    const { code, output } = await demo('check', 'greeting', '--dir', dir, '--server', 'http://127.0.0.1:9');
    expect(code).toBe(1);
    expect(output).toContain('The mock server is not reachable at http://127.0.0.1:9');
  });
});
