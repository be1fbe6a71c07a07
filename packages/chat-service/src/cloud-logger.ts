/**
 * The service's logger: one JSON line per event in Cloud Logging's structured format — `severity`
 * (Cloud Logging's names: WARN is WARNING, FATAL is CRITICAL), `message`, and any fields, among them
 * `httpRequest`, which Cloud Logging shows as the entry's request. Cloud Run sends stdout to Cloud
 * Logging as it is.
 */
import { pino } from 'pino';
import type { DestinationStream, Level, Logger } from 'pino';

const SEVERITY: Record<Level, string> = {
  trace: 'DEBUG',
  debug: 'DEBUG',
  info: 'INFO',
  warn: 'WARNING',
  error: 'ERROR',
  fatal: 'CRITICAL',
};

export function cloudLogger(level: Level | 'silent', destination?: DestinationStream): Logger {
  const options = {
    level,
    messageKey: 'message',
    // No pid/hostname: Cloud Run labels each entry with its instance.
    base: null,
    formatters: { level: (label: string) => ({ severity: SEVERITY[label as Level] ?? 'DEFAULT' }) },
  };
  return destination ? pino(options, destination) : pino(options);
}
