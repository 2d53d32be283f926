import { z } from 'zod';

/** What the member page knows of the customer to delete: the words staff can type to confirm. */
export interface DeletableCustomer {
  name: string | null;
  email: string | null;
  source_id: string | null;
}

export type CustomerDeletionKind = 'delete' | 'erase';

const normalized = (text: string) => text.trim().replace(/\s+/g, ' ').toLocaleLowerCase();

/** How the dialog names the customer: the name, else the e-mail, else the id their own systems use. */
export function customerLabel(customer: DeletableCustomer): string {
  return customer.name?.trim() || customer.email?.trim() || customer.source_id?.trim() || 'this customer';
}

/**
 * What may be typed to confirm. Deleting: the customer's name or e-mail (either, as staff see both
 * on the page). Erasing for good is stronger: the word "erase" and the e-mail (else the name, else
 * the source ID), so it is never typed out of habit after a deletion.
 */
export function confirmationPhrases(kind: CustomerDeletionKind, customer: DeletableCustomer): string[] {
  const name = customer.name?.trim();
  const email = customer.email?.trim();
  const source = customer.source_id?.trim();
  if (kind === 'erase') {
    const who = email || name || source;
    return who ? [`erase ${who}`] : ['erase this customer'];
  }
  const words = [name, email].filter((value): value is string => Boolean(value));
  return words.length > 0 ? words : [source || 'delete this customer'];
}

/** The instruction under the field, e.g. "Type Ada Lovelace or ada@example.com". */
export function confirmationHint(kind: CustomerDeletionKind, customer: DeletableCustomer): string {
  return `Type ${confirmationPhrases(kind, customer).join(' or ')}`;
}

/** Whether `typed` confirms: one of the phrases, ignoring case and extra spaces. */
export function deletionConfirmed(kind: CustomerDeletionKind, customer: DeletableCustomer, typed: string): boolean {
  const given = normalized(typed);
  return given !== '' && confirmationPhrases(kind, customer).some((phrase) => normalized(phrase) === given);
}

/** The dialog's one-field form: the typed confirmation, checked against the customer. */
export function deletionConfirmationSchema(kind: CustomerDeletionKind, customer: DeletableCustomer) {
  return z.object({
    confirmation: z.string().refine((typed) => deletionConfirmed(kind, customer, typed), `${confirmationHint(kind, customer)} exactly as shown.`),
  });
}
export type DeletionConfirmationValues = { confirmation: string };
