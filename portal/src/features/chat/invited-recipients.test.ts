import { describe, expect, it } from 'vitest';
import { NOT_ACTIVATED, recipientState, teammates } from './rules/recipient-rules.ts';

const ME = '11111111-1111-4111-8111-111111111111';
const ANN = '22222222-2222-4222-8222-222222222222';
const NEW = '33333333-3333-4333-8333-333333333333';

const contacts = [
  { id: ANN, email: 'ann@x.test', active: true, firstName: null, lastName: null },
  { id: NEW, email: 'new.person@x.test', active: false, firstName: null, lastName: null },
];

describe('chat recipients: people invited who never activated', () => {
  it('are not offered: a message to them would reach nobody', () => {
    expect(teammates(contacts, ME).map((c) => c.email)).toEqual(['ann@x.test']);
  });

  it('as a remembered recipient, say why no message can be sent', () => {
    expect(recipientState(NEW, ME, contacts)).toEqual({ kind: 'invalid', reason: NOT_ACTIVATED });
    expect(recipientState(ANN, ME, contacts).kind).toBe('valid');
  });
});
