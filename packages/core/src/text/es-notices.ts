import type { Catalogue } from './catalogue-shape.js';

/**
 * The Spanish catalogue's system notices (es.ts), on their own so the check of a client's message
 * (../write/write-checks.ts), which the page carries, can know every shipped language's notices
 * without the whole Spanish catalogue, which the page loads only for Spanish visitors. That every
 * notice is here is checked where they are listed (system-notices.ts).
 */
export const SYSTEM_NOTICE_TEXT_ES = {
  phoneVerified: '✓ Número de teléfono verificado correctamente',
  authCancelled: 'Autenticación cancelada',
  noPreviousMessage: 'No hay ningún mensaje anterior que reintentar.',
} satisfies Partial<Catalogue['ui']>;
