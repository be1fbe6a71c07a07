import { Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { businessFromRestDocument, restFields } from './firestore-rest-document.js';

describe('a Firestore REST document', () => {
  it('reads every value type into what snapshot.data() gives', () => {
    expect(
      restFields({
        s: { stringValue: 'text' },
        n: { nullValue: null },
        b: { booleanValue: true },
        i: { integerValue: '42' },
        d: { doubleValue: 1.5 },
        t: { timestampValue: '2026-11-26T06:00:00.123Z' },
        m: { mapValue: { fields: { inner: { stringValue: 'x' } } } },
        a: { arrayValue: { values: [{ stringValue: 'p' }, { integerValue: '2' }] } },
        e: { arrayValue: {} },
      }),
    ).toEqual({
      s: 'text',
      n: null,
      b: true,
      i: 42,
      d: 1.5,
      t: Timestamp.fromMillis(Date.parse('2026-11-26T06:00:00.123Z')),
      m: { inner: 'x' },
      a: ['p', 2],
      e: [],
    });
  });

  it('reads a business as the SDK path does, and names what is wrong with a malformed one', () => {
    const business = businessFromRestDocument('bella-vista-salon', {
      name: 'projects/p/databases/(default)/documents/businesses/bella-vista-salon',
      fields: {
        businessName: { stringValue: 'Bella Vista Salon' },
        timeZone: { stringValue: 'America/New_York' },
        verification: { mapValue: { fields: { status: { stringValue: 'approved' } } } },
      },
    });
    expect(business.ok && business.value.businessName).toBe('Bella Vista Salon');
    expect(business.ok && business.value.verification.status).toBe('approved');

    const malformed = businessFromRestDocument('x', { fields: { businessName: { integerValue: '3' } } });
    expect(malformed.ok).toBe(false);
    expect(!malformed.ok && malformed.problem).toMatch(/Business document 'x' is malformed/);
  });
});
