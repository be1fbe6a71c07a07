// The demo CLI as a person runs it: its output and its exit code (in this process, to spare the
// CPU; one test runs the real `npm run demo` process to check the exit code reaches the shell).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SCENARIOS_DIR } from '@chat/assistant/testing';
import { createApp } from '@chat/mock-server';
import type { ChatMockServer } from '@chat/mock-server';
import { demo } from './demo-command-output.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('npm run demo', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-cli-'));
    for (const name of ['greeting.yaml', 'broken-step.yaml']) {
      fs.copyFileSync(path.join(TEST_SCENARIOS_DIR, name), path.join(dir, name));
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
    expect(output).toContain('broken-step.yaml, step 2 (wrong), when: unknown field "say"');
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
    expect(output).toContain('✗ 2 of 3 scenarios failed.');
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

  it('says a --dir that does not exist does not exist, in every command, with exit code 1', async () => {
    const missing = path.join(dir, 'missing');
    for (const args of [
      ['list'],
      ['check', '--all'],
      ['check', 'greeting'],
      ['start', 'greeting'],
      ['record', 'some-conversation', '--server', 'http://127.0.0.1:9'],
    ]) {
      const { code, output } = await demo(...args, '--dir', missing);
      expect({ args, code, output }).toEqual({
        args,
        code: 1,
        output: `✗ --dir: the folder ${missing} does not exist`,
      });
    }
    const file = path.join(dir, 'greeting.yaml');
    expect((await demo('list', '--dir', file)).output).toBe(`✗ --dir: ${file} is a file, not a folder`);
  });

  it('checks every scenario named, says "1 scenario", and names each unknown one', async () => {
    const both = await demo('check', 'greeting', 'mis-scripted', '--dir', dir);
    expect(both.code).toBe(1);
    expect(both.output).toContain('✓ greeting');
    expect(both.output).toContain('✗ mis-scripted');
    expect(both.output).toContain('✗ 1 of 2 scenarios failed.');
    expect((await demo('check', 'greeting', '--dir', dir)).output).toContain('✓ 1 scenario passed.');
    const unknown = await demo('check', 'greeting', 'greting', 'nothing-like-it', '--dir', dir);
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('Unknown scenario "greting" (did you mean "greeting"?)');
    expect(unknown.output).toContain('Unknown scenario "nothing-like-it"');
    expect((await demo('start', 'greeting', 'extra', '--dir', dir)).output).toContain(
      'Give exactly one scenario (got "greeting", "extra")',
    );
  });

  it('flags a business that is neither a fixture nor inline, with the closest one', async () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-cli-business-'));
    try {
      fs.writeFileSync(
        path.join(other, 'typo.yaml'),
        'name: Typo\ndescription: A misspelt business.\nbusiness: bella-vista-salonn\nfallback: Pardon?\nsteps: []\n',
      );
      const { code, output } = await demo('list', '--dir', other);
      expect(code).toBe(1);
      expect(output).toContain('✗ typo');
      expect(output).toContain(
        `${path.basename(other)}/typo.yaml, field business: no business "bella-vista-salonn" (did you mean "bella-vista-salon"?)`,
      );
      // Issue 28, item 10: the names that exist and the line to write, not only "no business".
      expect(output).toContain(
        'The businesses you can name: bella-vista-salon (business: bella-vista-salon), sunrise-bakery (business: { fixture: sunrise-bakery, approved: true }), quickfix-garage (business: { fixture: quickfix-garage, approved: true })',
      );
      expect(output).toContain('Fix: write "business: bella-vista-salon"');
      expect(output).toContain('1 scenario in');
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  describe('check --server', () => {
    let server: ChatMockServer;
    let url: string;
    beforeAll(async () => {
      server = createApp({ scenariosDir: dir, watchScenarios: false });
      ({ url } = await server.listen(0, '127.0.0.1'));
    });
    afterAll(() => server.close());

    it('rehearses on a server that plays the same folder', async () => {
      const { code, output } = await demo('check', 'greeting', '--server', url, '--dir', dir);
      expect(output).toContain('assistant: Hello from the script!');
      expect(code).toBe(0);
    });

    it('refuses a --dir the server does not play, and a server that plays another folder, saying what to do', async () => {
      const elsewhere = await demo('check', 'greeting', '--server', url, '--dir', TEST_SCENARIOS_DIR);
      expect(elsewhere.code).toBe(1);
      expect(elsewhere.output).toContain(
        `The server at ${url} plays the scenarios in ${dir}, not those in ${TEST_SCENARIOS_DIR}: a running server cannot play another folder.`,
      );
      expect(elsewhere.output).toContain(`restart that server with SCENARIOS_DIR=${TEST_SCENARIOS_DIR}`);
      const shipped = await demo('check', 'plain-questions', '--server', url);
      expect(shipped.code).toBe(1);
      expect(shipped.output).toContain(`or add --dir ${dir} to rehearse the server's own files.`);
    });
  });
});
