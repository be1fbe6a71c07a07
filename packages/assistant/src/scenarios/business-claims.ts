/**
 * Which scenario may put its inline business in the store. A business written inline must not take
 * the id or the handle of a business that is already there (a fixture, or another scenario's inline
 * business with other contents): storing it would replace that business for every demo that plays
 * it, or be refused by the store's one-handle rule. The first claim wins; a later one gets a
 * problem naming the holder, which the library reports as that file's mistake.
 */
import { normalHandle } from '@chat/core';
import type { Business } from '@chat/core';

/** A business that is there before any scenario: its id, handle and name. */
export type FixedBusiness = Pick<Business, 'id' | 'handle' | 'businessName'>;

interface Holder {
  business: FixedBusiness;
  /** The scenario file that brought it, or null for a fixed business. */
  file: string | null;
}

export interface BusinessClaims {
  /**
   * Claims `business` for the scenario in `file`: null when it may be stored (its id and handle are
   * free, or the same business is already claimed with the same contents), else the problem.
   */
  claim(file: string, business: Business): string | null;
}

export function createBusinessClaims(fixed: readonly FixedBusiness[]): BusinessClaims {
  const byId = new Map<string, Holder>();
  const byHandle = new Map<string, Holder>();
  for (const business of fixed) {
    const holder = { business, file: null };
    byId.set(business.id, holder);
    byHandle.set(normalHandle(business.handle), holder);
  }
  const whose = ({ business, file }: Holder) =>
    file === null ? `the business ${business.businessName} (${business.id})` : `the business of ${file}`;

  return {
    claim(file, business) {
      const sameId = byId.get(business.id);
      if (sameId && (sameId.file === null || !sameContents(sameId.business, business))) {
        return (
          `${file}, field business.id: "${business.id}" is already ${whose(sameId)}; give this business its own id` +
          (sameId.file === null ? `, or write "business: ${business.id}" to play that business` : '')
        );
      }
      const sameHandle = byHandle.get(normalHandle(business.handle));
      if (sameHandle && sameHandle.business.id !== business.id) {
        return `${file}, field business.handle: "${business.handle}" is already the handle of ${whose(sameHandle)}; give this business its own handle`;
      }
      if (sameId) return null;
      const holder = { business, file };
      byId.set(business.id, holder);
      byHandle.set(normalHandle(business.handle), holder);
      return null;
    },
  };
}

/** Equal as JSON documents, whatever the order of their keys. */
function sameContents(a: unknown, b: unknown): boolean {
  return JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, inner]) => [key, sorted(inner)]),
  );
}
