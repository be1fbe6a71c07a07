import { describe, expect, it } from 'vitest';
import { parseEmulatorHost } from './emulator-host.js';

describe('parseEmulatorHost', () => {
  it('splits host and port', () => {
    expect(parseEmulatorHost('127.0.0.1:9099', 'authEmulatorHost')).toEqual({
      host: '127.0.0.1',
      port: 9099,
    });
    expect(parseEmulatorHost(' localhost:8080 ', 'x')).toEqual({ host: 'localhost', port: 8080 });
    expect(parseEmulatorHost('[::1]:8080', 'x')).toEqual({ host: '[::1]', port: 8080 });
  });

  it.each(['127.0.0.1', 'http://127.0.0.1:9099', '127.0.0.1:0', '127.0.0.1:70000', ':9099', ''])(
    'rejects %j naming the option',
    (value) => {
      expect(() => parseEmulatorHost(value, 'authEmulatorHost')).toThrow(
        /authEmulatorHost must be "host:port"/,
      );
    },
  );
});
