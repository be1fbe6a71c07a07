import type { Business, DataProvider } from '@chat/core';
import { takeFirstRead } from './first-read.js';

/** Reads a business from the first read's answer: the Business, null when there is none, or throws. */
export type ReadAnswer = (response: Response, businessId: string) => Promise<Business | null>;

/**
 * A DataProvider whose first read of the business the first-read script already asked for takes that
 * answer (first-read.ts) — on Firebase a plain REST GET, answered before the Firestore SDK has even
 * connected. Not found is not found; anything else unexpected (a failed request, another status, a body
 * `read` refuses) goes to the provider's own read, which decides what the visitor sees as before.
 */
export function withFirstBusinessRead(
  data: DataProvider,
  urlOf: (businessId: string) => string,
  read: ReadAnswer,
  scope?: Parameters<typeof takeFirstRead>[1],
): DataProvider {
  return {
    ...data,
    async getBusinessById(businessId) {
      const early = takeFirstRead(urlOf(businessId), scope);
      if (early) {
        try {
          const response = await early;
          if (response.ok || response.status === 404) return await read(response, businessId);
        } catch (error) {
          console.warn('The first read of the business failed; reading it again', error);
        }
      }
      return data.getBusinessById(businessId);
    },
  };
}
