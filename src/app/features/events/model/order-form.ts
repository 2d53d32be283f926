import { z } from 'zod';
import { sayValidationMessage } from '../../../../contract/validation-wording';
import { createOrderRequestSchema, maxOrderAmount, maxOrderItems, type CreateOrderRequest } from '../../../../contract/order';
import type { Product } from '../../../../contract/product';
import type { ErrorObject } from '../../../../contract/error';
import { sayApiError } from '../../../lib/api-error-words';
import { parseCents } from '../../../lib/format';
import { placeValidationDetails } from '../../../lib/place-validation-details';
import type { PlacedError } from '../../../lib/use-form-api-error';
import type { IdentifyBy } from './event-form';

/**
 * "Record a paid order" on the Events page: the customer, then what was bought (products and
 * quantities, or just the amount paid), as the POST /v1/orders body with status PAID. Every input
 * is text; the request is checked by the contract's own schema too, its complaints on their fields.
 */

export type OrderBasis = 'items' | 'amount';

export interface OrderItemValues {
  productId: string;
  quantity: string;
}

export interface OrderFormValues {
  identifyBy: IdentifyBy;
  customer: string;
  basis: OrderBasis;
  items: OrderItemValues[];
  /** The amount paid, as people write it ("12.50"). */
  amount: string;
}

export const emptyOrderItem: OrderItemValues = { productId: '', quantity: '1' };
export const emptyOrderForm: OrderFormValues = { identifyBy: 'source_id', customer: '', basis: 'items', items: [emptyOrderItem], amount: '' };

export type OrderField = 'customer' | 'amount' | 'items' | `items.${number}.productId` | `items.${number}.quantity`;

/** The form field a property path of the order body comes from; null when none does. */
export function orderFieldOfPath(path: readonly PropertyKey[]): OrderField | null {
  const [head, index, field] = path.map(String);
  switch (head) {
    case 'customer':
    case 'customer_id':
      return 'customer';
    case 'amount':
      return 'amount';
    case 'items':
      if (index === undefined || !/^\d+$/.test(index)) return 'items';
      return field === 'quantity' ? `items.${Number(index)}.quantity` : `items.${Number(index)}.productId`;
    default:
      return null;
  }
}

const quantityOf = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/** The order the form describes: status PAID, the customer, and its items (at the product's price) or its amount. */
export function toOrderRequest(values: OrderFormValues, products: ReadonlyMap<string, Product>): CreateOrderRequest {
  const customer = values.customer.trim();
  const base = { status: 'PAID' as const, customer: values.identifyBy === 'id' ? { id: customer } : { source_id: customer } };
  if (values.basis === 'amount') return { ...base, amount: parseCents(values.amount) ?? undefined };
  return {
    ...base,
    items: values.items.map((item) => {
      const price = products.get(item.productId)?.price;
      return { product_id: item.productId, quantity: quantityOf(item.quantity) ?? (item.quantity as unknown as number), ...(price !== null && price !== undefined && { price }) };
    }),
  };
}

type Problem = { field: OrderField; message: string };

function formProblems(values: OrderFormValues): Problem[] {
  const problems: Problem[] = [];
  const customer = values.customer.trim();
  if (!customer) problems.push({ field: 'customer', message: 'Required: the customer who paid' });
  else if (values.identifyBy === 'id' && !customer.startsWith('cust_')) problems.push({ field: 'customer', message: 'A customer ID starts with cust_' });
  if (values.basis === 'amount') {
    const cents = parseCents(values.amount);
    if (values.amount.trim() === '') problems.push({ field: 'amount', message: 'Enter the amount paid, such as 12.50' });
    else if (cents === null) problems.push({ field: 'amount', message: 'Enter an amount such as 12.50, with at most two decimals' });
    else if (cents === 0) problems.push({ field: 'amount', message: 'Enter more than 0' });
    else if (cents > maxOrderAmount) problems.push({ field: 'amount', message: 'This amount is too large' });
    return problems;
  }
  if (values.items.length === 0) problems.push({ field: 'items', message: 'Add at least one product, or record just an amount' });
  if (values.items.length > maxOrderItems) problems.push({ field: 'items', message: `At most ${maxOrderItems} items in one order` });
  values.items.forEach((item, i) => {
    if (!item.productId) problems.push({ field: `items.${i}.productId`, message: 'Choose a product' });
    const quantity = quantityOf(item.quantity);
    if (quantity === null || quantity < 1) problems.push({ field: `items.${i}.quantity`, message: 'Enter a whole number, 1 or more' });
  });
  return problems;
}

const toPath = (field: string) => field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/** The form's rules: its own checks in plain words, then the contract's, each on its field. */
export function orderFormSchema(products: ReadonlyMap<string, Product>) {
  return z
    .object({
      identifyBy: z.enum(['source_id', 'id']),
      customer: z.string(),
      basis: z.enum(['items', 'amount']),
      items: z.array(z.object({ productId: z.string(), quantity: z.string() })),
      amount: z.string(),
    })
    .superRefine((values, ctx) => {
      const own = formProblems(values);
      for (const problem of own) ctx.addIssue({ code: 'custom', message: problem.message, path: toPath(problem.field) });
      if (own.length) return;
      const parsed = createOrderRequestSchema.safeParse(toOrderRequest(values, products));
      if (parsed.success) return;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: sayValidationMessage(issue.message), path: toPath(orderFieldOfPath(issue.path) ?? 'customer') });
    })
    .transform((values) => toOrderRequest(values, products));
}

/** What the order holds, in words: "2 × Coffee of the day, 1 × Coffee Club mug". */
export function describeOrderItems(items: readonly { quantity: number; product?: { name?: string; source_id?: string }; source_id?: string }[]): string {
  if (items.length === 0) return 'An amount, no items';
  return items.map((item) => `${item.quantity} × ${item.product?.name ?? item.product?.source_id ?? item.source_id ?? 'a product'}`).join(', ');
}

/**
 * An API error of recording the order, beside the field it concerns in plain words: an unknown
 * customer on the customer, an unknown product on the items, validation details on their fields.
 * Empty: the form shows it at its top.
 */
export function placeOrderError(error: ErrorObject, values: Pick<OrderFormValues, 'basis' | 'items'>): PlacedError<OrderField>[] {
  if (error.resource_type === 'customer') return [{ target: 'customer', text: sayApiError(error) }];
  if (error.resource_type === 'product') {
    const target: OrderField = values.basis === 'items' && values.items.length === 1 ? 'items.0.productId' : 'items';
    return [{ target, text: 'This product no longer exists. Reload the page and choose another.' }];
  }
  return placeValidationDetails(error, (path) => orderFieldOfPath(path)) ?? [];
}
