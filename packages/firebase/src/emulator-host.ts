/** Splits "host:port" (IPv6 in brackets allowed), failing with a message that names the option. */
export function parseEmulatorHost(value: string, option: string): { host: string; port: number } {
  const match = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(value.trim());
  const port = match ? Number(match[2]) : NaN;
  if (!match || !match[1] || port < 1 || port > 65535) {
    throw new Error(`${option} must be "host:port" (for example "127.0.0.1:9099"), got "${value}"`);
  }
  return { host: match[1], port };
}

/** Where Firestore's REST API answers: the emulator's ("host:port") when one is given, else Google's. */
export function firestoreRestOrigin(emulatorHost?: string): string {
  if (!emulatorHost) return 'https://firestore.googleapis.com';
  const { host, port } = parseEmulatorHost(emulatorHost, 'firestoreEmulatorHost');
  return `http://${host}:${port}`;
}
