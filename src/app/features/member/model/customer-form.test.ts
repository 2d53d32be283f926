import { describe, expect, it } from 'vitest';
import { customerChanges, customerFormSchema, customerUpdateOf } from './customer-form';

describe('the customer form', () => {
  const stored = { name: 'Noah Bakker', email: 'noah@example.com', phone: '+31 6 1' };

  it('lists only what changed, and sends only that, an emptied field as null', () => {
    const changes = customerChanges(stored, { name: ' Noah Bakker ', email: 'noah.b@example.com', phone: '' });
    expect(changes).toEqual([
      { field: 'email', from: 'noah@example.com', to: 'noah.b@example.com' },
      { field: 'phone', from: '+31 6 1', to: '' },
    ]);
    expect(customerUpdateOf(changes)).toEqual({ email: 'noah.b@example.com', phone: null });
  });

  it('takes an empty e-mail and refuses one without an @, in words', () => {
    expect(customerFormSchema.safeParse({ ...stored, email: '' }).success).toBe(true);
    const refused = customerFormSchema.safeParse({ ...stored, email: 'noah.example.com' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0].message).toBe('Enter an e-mail address such as name@example.com, or leave it empty.');
  });
});
