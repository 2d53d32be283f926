import { z } from 'zod';
import type { UpdateCustomerRequest } from '../../../../contract/customer';

/**
 * Correcting a customer's details on the member page: name, e-mail and phone, each optional (an
 * empty field clears it), checked as the service checks them, in words for the person typing.
 */
export const customerFormSchema = z.object({
  name: z.string().trim().max(1000, 'Use at most 1,000 characters.'),
  email: z
    .string()
    .trim()
    .max(1000, 'Use at most 1,000 characters.')
    .refine((email) => email === '' || z.email().safeParse(email).success, 'Enter an e-mail address such as name@example.com, or leave it empty.'),
  phone: z.string().trim().max(100, 'Use at most 100 characters.'),
});
export type CustomerFormValues = z.input<typeof customerFormSchema>;

export const customerFieldLabels: Record<keyof CustomerFormValues, string> = { name: 'Name', email: 'E-mail', phone: 'Phone' };

/** What the form would change, field by field, from the details as stored: the words the confirmation shows. */
export function customerChanges(stored: CustomerFormValues, edited: CustomerFormValues): { field: keyof CustomerFormValues; from: string; to: string }[] {
  return (Object.keys(customerFieldLabels) as (keyof CustomerFormValues)[])
    .map((field) => ({ field, from: stored[field].trim(), to: edited[field].trim() }))
    .filter((change) => change.from !== change.to);
}

/** The request for the changed fields only: an emptied field is cleared (`null`). */
export function customerUpdateOf(changes: ReturnType<typeof customerChanges>): UpdateCustomerRequest {
  return Object.fromEntries(changes.map(({ field, to }) => [field, to === '' ? null : to]));
}
