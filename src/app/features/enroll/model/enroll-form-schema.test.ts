import { describe, expect, it } from 'vitest';
import { emptyEnrollForm, enrollFormSchema, fieldOfRequestPath, holderNameOf, type EnrollFormValues } from './enroll-form-schema';

function form(patch: { customer?: Partial<EnrollFormValues['customer']>; voucher?: string; publication?: Partial<EnrollFormValues['publication']> }): EnrollFormValues {
  return {
    customer: { ...emptyEnrollForm.customer, ...patch.customer },
    voucher: patch.voucher ?? '',
    publication: { ...emptyEnrollForm.publication, ...patch.publication },
  };
}

describe('enrollFormSchema', () => {
  it('maps the form to the Add Member body, leaving empty fields out', () => {
    const result = enrollFormSchema.parse(
      form({
        customer: { identifier: ' cust-source-1 ', name: 'Ada', birthdate: '1990-02-03', metadata: [{ key: 'tier', value: 'gold' }] },
        voucher: 'CARD-1',
        publication: { source_id: 'pub-1', metadata: [{ key: 'store', value: '12' }] },
      }),
    );
    expect(result).toEqual({
      customer: { source_id: 'cust-source-1', name: 'Ada', birthdate: '1990-02-03', metadata: { tier: 'gold' } },
      voucher: 'CARD-1',
      source_id: 'pub-1',
      metadata: { store: 12 },
    });
  });

  it('sends the customer id when identifying by id', () => {
    expect(enrollFormSchema.parse(form({ customer: { identifyBy: 'id', identifier: 'cust_1' } }))).toEqual({ customer: { id: 'cust_1' } });
  });

  it('requires the identifier', () => {
    const result = enrollFormSchema.safeParse(form({}));
    expect(result.error?.issues[0].path).toEqual(['customer', 'identifier']);
  });

  it("puts the contract schema's issues on the matching fields", () => {
    const result = enrollFormSchema.safeParse(form({ customer: { identifier: 'x', birthdate: '1990-13-45' }, publication: { channel: 'c'.repeat(201) } }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['customer.birthdate', 'publication.channel']);
  });
});

describe('fieldOfRequestPath', () => {
  it.each([
    [['customer'], 'customer.identifier'],
    [['customer', 'source_id'], 'customer.identifier'],
    [['customer', 'email'], 'customer.email'],
    [['customer', 'birthday'], 'customer.birthdate'],
    [['customer', 'metadata', 'tier'], 'customer.metadata'],
    [['voucher'], 'voucher'],
    [['source_id'], 'publication.source_id'],
    [['metadata'], 'publication.metadata'],
    [['customer', 'address'], null],
    [['campaign'], null],
  ])('%j → %s', (path, field) => {
    expect(fieldOfRequestPath(path)).toBe(field);
  });
});

describe('enrollFormSchema refusals', () => {
  it('refuses a malformed email beside the email field', () => {
    const result = enrollFormSchema.safeParse(form({ customer: { identifier: 'c1', email: 'not-an-email' } }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['customer.email', 'Enter an email address such as name@example.com.']]);
    expect(enrollFormSchema.parse(form({ customer: { identifier: 'c1', email: ' ada@example.com ' } }))).toEqual({ customer: { source_id: 'c1', email: 'ada@example.com' } });
  });

  it('says the contract’s limits in plain words', () => {
    const result = enrollFormSchema.safeParse(form({ customer: { identifier: 'c1', name: 'x'.repeat(1001) } }));
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['customer.name', 'Use at most 1,000 characters.']]);
  });
});

describe('holderNameOf', () => {
  it('names the customer by name, email or source id, never by a cust_ id', () => {
    expect(holderNameOf({ source_id: 's1', name: 'Ada', email: 'ada@example.com' })).toBe('Ada');
    expect(holderNameOf({ source_id: 's1', email: 'ada@example.com' })).toBe('ada@example.com');
    expect(holderNameOf({ source_id: 's1' })).toBe('s1');
    expect(holderNameOf({ id: 'cust_1' })).toBe('the customer');
    expect(holderNameOf('cust_1')).toBe('the customer');
    expect(holderNameOf('crm-9')).toBe('crm-9');
  });
});
