import { isDocumentId, withReadRetries, type Business } from '@chat/core';
import { useServices } from '../../../lib/services/services-context.js';
import { useKeyedTask } from '../../../lib/use-keyed-task.js';

export type BusinessState =
  | { status: 'loading' }
  | { status: 'loaded'; business: Business }
  /** The §8 error's code; the page shows its text. */
  | { status: 'error'; error: 'businessNotFound' | 'failedToLoadBusiness' };

/**
 * §4 "Business load": loading, then loaded or an error ('Business not found' or 'Failed to load
 * business profile'). An id that cannot be a document id is not looked up: it is simply not found.
 * A read that fails in passing (the network, the server) is tried again a few times first.
 */
export function useBusiness(businessId: string): BusinessState {
  const { data, config } = useServices();
  const outcome = useKeyedTask(businessId, async () => {
    if (!isDocumentId(businessId)) return null;
    return withReadRetries(() => data.getBusinessById(businessId), config.readRetryDelaysMs).catch(
      (error: unknown) => {
        console.error('Loading the business failed', error);
        throw error;
      },
    );
  });
  if (!outcome) return { status: 'loading' };
  if (!outcome.ok) return { status: 'error', error: 'failedToLoadBusiness' };
  return outcome.value
    ? { status: 'loaded', business: outcome.value }
    : { status: 'error', error: 'businessNotFound' };
}
