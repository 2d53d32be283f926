import type { ImportFailure } from '../../contract/async-action';
import { formatValidationDetail } from '../../contract/validation-details';
import type { Tx } from '../../platform/db/client';
import { violatedUniqueIndex } from '../../platform/db/errors';
import type { ServiceContext } from '../context';
import { ApiError } from '../lib/api-error';

/** A field of one item that stored data makes wrong (a product's unknown attribute, metadata grown too large): named in the refusal. */
export class ItemProblem extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Why an item was refused, naming it by where it is in the request (its index, a CSV file's line), in the one format of validation details. */
function refusal(error: unknown, sourceId: string | undefined, at: string[]): ImportFailure | undefined {
  if (error instanceof ItemProblem) return { source_id: sourceId ?? null, reason: formatValidationDetail({ kind: 'invalid', path: [...at, error.field], message: error.message }) };
  if (error instanceof ApiError) return { source_id: sourceId ?? null, reason: formatValidationDetail({ kind: 'invalid', path: at, message: error.details ?? error.message }) };
  return undefined;
}

/**
 * One item of an async action in a savepoint of its transaction (run-async-action.ts): a refused
 * item leaves nothing and the action goes on. When a parallel request inserted the same new source
 * id first (the unique index `sourceIndex`), the item is tried once more, as an update of that one.
 * An error that is not the item's is thrown: the attempt fails and resumes there.
 */
export async function itemInSavepoint(
  ctx: ServiceContext,
  tx: Tx,
  item: { sourceId: string | undefined; at: string[]; sourceIndex: string },
  write: (savepoint: Tx) => Promise<unknown>,
): Promise<ImportFailure | undefined> {
  for (let attempt = 1; ; attempt++) {
    try {
      await ctx.cardChanges.transaction(tx, write);
      return undefined;
    } catch (error) {
      if (attempt === 1 && violatedUniqueIndex(error) === item.sourceIndex) continue;
      const refused = refusal(error, item.sourceId, item.at);
      if (!refused) throw error;
      return refused;
    }
  }
}
