import type { Catalogue } from './catalogue-shape.js';

/**
 * The Spanish catalogue's smart-reply texts (es.ts), on their own so the assistants — which answer in
 * Spanish too and name these buttons in their answers — can import them without the whole catalogue,
 * which the page loads only for Spanish visitors.
 */
export const SMART_REPLY_TEXT_ES: Catalogue['replies'] = {
  verifyLater: 'Verificar más tarde',
  needMoreInfo: 'Quiero más información sobre los servicios',
  declineFallback: 'Cuéntame más sobre este servicio',
  refreshPage: 'Actualizar página',
  contactSupport: 'Contactar con soporte',
  tryAgain: 'Intentar de nuevo',
  startNewChat: 'Empezar un chat nuevo',
};
