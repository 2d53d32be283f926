import { describe, expect, it } from 'vitest';
import { customerDeletedMessage } from './customer-deleted-message';
import { confirmationHint, customerLabel, deletionConfirmationSchema, deletionConfirmed } from './delete-customer-confirmation';

const ada = { name: 'Ada Lovelace', email: 'ada@example.com', source_id: 'crm-ada' };

describe('typed confirmation of deleting a customer', () => {
  it('deleting takes the name or the e-mail, ignoring case and spaces', () => {
    expect(deletionConfirmed('delete', ada, ' ada  lovelace ')).toBe(true);
    expect(deletionConfirmed('delete', ada, 'ADA@example.com')).toBe(true);
    expect(deletionConfirmed('delete', ada, 'Ada')).toBe(false);
    expect(deletionConfirmed('delete', ada, '')).toBe(false);
    expect(deletionConfirmed('delete', ada, 'crm-ada')).toBe(false);
    expect(confirmationHint('delete', ada)).toBe('Type Ada Lovelace or ada@example.com');
  });

  it('erasing takes only "erase" and the e-mail: the deletion’s words do not erase', () => {
    expect(deletionConfirmed('erase', ada, 'erase ada@example.com')).toBe(true);
    expect(deletionConfirmed('erase', ada, 'ada@example.com')).toBe(false);
    expect(deletionConfirmed('erase', ada, 'Ada Lovelace')).toBe(false);
    expect(deletionConfirmed('erase', ada, 'erase Ada Lovelace')).toBe(false);
  });

  it('a customer without an e-mail or a name is confirmed by what identifies them', () => {
    const noEmail = { name: 'Bo', email: null, source_id: 'crm-bo' };
    expect(deletionConfirmed('erase', noEmail, 'erase bo')).toBe(true);
    const onlySource = { name: null, email: null, source_id: 'crm-9' };
    expect(deletionConfirmed('delete', onlySource, 'crm-9')).toBe(true);
    expect(deletionConfirmed('erase', onlySource, 'erase crm-9')).toBe(true);
    expect(customerLabel(onlySource)).toBe('crm-9');
  });

  it('the form says in words what to type when it does not match', () => {
    const result = deletionConfirmationSchema('delete', ada).safeParse({ confirmation: 'Ada' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Type Ada Lovelace or ada@example.com exactly as shown.');
  });
});

describe('the members list’s line after a deletion', () => {
  it('names a deleted customer, but not an erased one', () => {
    expect(customerDeletedMessage('delete', ada)).toBe('Ada Lovelace was deleted. Their cards stay, with their points and history.');
    expect(customerDeletedMessage('erase', ada)).not.toMatch(/Ada|ada@/);
  });
});
