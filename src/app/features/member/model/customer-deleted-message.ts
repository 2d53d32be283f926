import { customerLabel, type CustomerDeletionKind, type DeletableCustomer } from './delete-customer-confirmation';

/**
 * The line the members list shows after a deletion. An erasure does not repeat the person's name: it
 * would live on in the browser's history, which an erasure should not leave behind.
 */
export function customerDeletedMessage(kind: CustomerDeletionKind, customer: DeletableCustomer): string {
  return kind === 'erase'
    ? 'The customer was erased permanently: their personal details are gone everywhere. Their cards stay, with no one named on them.'
    : `${customerLabel(customer)} was deleted. Their cards stay, with their points and history.`;
}
