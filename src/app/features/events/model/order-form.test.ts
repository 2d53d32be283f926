import { describe, expect, it } from 'vitest';
import type { Product } from '../../../../contract/product';
import { formatValidationDetails } from '../../../../contract/validation-details';
import { describeOrderItems, emptyOrderForm, orderFieldOfPath, orderFormSchema, placeOrderError, toOrderRequest, type OrderFormValues } from './order-form';

const product = (id: string, name: string, price: number | null): Product => ({
  id,
  source_id: null,
  name,
  price,
  attributes: [],
  metadata: {},
  image_url: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: null,
  object: 'product',
  skus: { object: 'list', data_ref: 'data', data: [], total: 0 },
});
const products = new Map([
  ['prod_coffee', product('prod_coffee', 'Coffee of the day', 350)],
  ['prod_free', product('prod_free', 'Sample', null)],
]);
const values = (over: Partial<OrderFormValues>): OrderFormValues => ({ ...emptyOrderForm, customer: 'demo-customer-01', ...over });
const parse = (v: OrderFormValues) => orderFormSchema(products).safeParse(v);
const issues = (v: OrderFormValues) => {
  const result = parse(v);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('the paid-order form', () => {
  it('sends items at the product price, status PAID, the customer by source id', () => {
    const result = parse(values({ items: [{ productId: 'prod_coffee', quantity: '2' }, { productId: 'prod_free', quantity: '1' }] }));
    expect(result.success && result.data).toEqual({
      status: 'PAID',
      customer: { source_id: 'demo-customer-01' },
      items: [
        { product_id: 'prod_coffee', quantity: 2, price: 350 },
        { product_id: 'prod_free', quantity: 1 },
      ],
    });
  });

  it('sends just an amount, in cents, and the customer by id', () => {
    const result = parse(values({ identifyBy: 'id', customer: 'cust_1', basis: 'amount', amount: '12.5' }));
    expect(result.success && result.data).toEqual({ status: 'PAID', customer: { id: 'cust_1' }, amount: 1250 });
  });

  it('says what is missing, on its field, in plain words', () => {
    expect(issues(values({ customer: ' ' }))).toContainEqual(['customer', 'Required: the customer who paid']);
    expect(issues(values({ identifyBy: 'id', customer: 'demo-customer-01' }))).toContainEqual(['customer', 'A customer ID starts with cust_']);
    expect(issues(values({ items: [{ productId: '', quantity: '0' }] }))).toEqual([
      ['items.0.productId', 'Choose a product'],
      ['items.0.quantity', 'Enter a whole number, 1 or more'],
    ]);
    expect(issues(values({ items: [] }))).toEqual([['items', 'Add at least one product, or record just an amount']]);
    expect(issues(values({ basis: 'amount', amount: '' }))).toEqual([['amount', 'Enter the amount paid, such as 12.50']]);
    expect(issues(values({ basis: 'amount', amount: '1.999' }))).toEqual([['amount', 'Enter an amount such as 12.50, with at most two decimals']]);
    expect(issues(values({ basis: 'amount', amount: '0' }))).toEqual([['amount', 'Enter more than 0']]);
  });

  it("passes the contract's own complaints to the field they concern", () => {
    expect(issues(values({ items: [{ productId: 'prod_coffee', quantity: '2000000' }] }))).toEqual([['items.0.quantity', 'Enter 1,000,000 or less.']]);
  });

  it('maps request paths to fields', () => {
    expect(orderFieldOfPath(['customer', 'source_id'])).toBe('customer');
    expect(orderFieldOfPath(['items', 2, 'product_id'])).toBe('items.2.productId');
    expect(orderFieldOfPath(['items', '1', 'quantity'])).toBe('items.1.quantity');
    expect(orderFieldOfPath(['items'])).toBe('items');
    expect(orderFieldOfPath(['metadata'])).toBeNull();
  });

  it('places API errors beside their field, or leaves them to the top of the form', () => {
    const base = { code: 404, message: 'Resource not found', request_id: 'r1', key: 'not_found' };
    expect(placeOrderError({ ...base, resource_type: 'customer' }, emptyOrderForm)).toEqual([{ target: 'customer', text: 'No customer has this ID or source ID.' }]);
    expect(placeOrderError({ ...base, resource_type: 'product' }, emptyOrderForm)).toEqual([{ target: 'items.0.productId', text: 'This product no longer exists. Reload the page and choose another.' }]);
    const details = formatValidationDetails([{ kind: 'invalid', path: ['items', '0', 'quantity'], message: 'must be >= 1' }]);
    expect(placeOrderError({ ...base, code: 400, key: 'invalid_payload', message: 'Invalid payload', details }, emptyOrderForm).map((p) => p.target)).toEqual(['items.0.quantity']);
    expect(placeOrderError({ ...base, code: 500, key: 'internal_error', message: 'Boom' }, emptyOrderForm)).toEqual([]);
  });

  it('keeps toOrderRequest free of a price the product does not have', () => {
    expect(toOrderRequest(values({ items: [{ productId: 'prod_unknown', quantity: '1' }] }), products).items).toEqual([{ product_id: 'prod_unknown', quantity: 1 }]);
  });

  it('describes the items in words', () => {
    expect(describeOrderItems([{ quantity: 2, product: { name: 'Coffee of the day' } }, { quantity: 1, source_id: 'mug' }])).toBe('2 × Coffee of the day, 1 × mug');
    expect(describeOrderItems([])).toBe('An amount, no items');
  });
});
