import { operationsOf, type Doc } from './openapi-compare';
import { contractDocumentNames, readReference } from './reference';

/** One operation of the published contract: what a 501 names when this service does not serve it. */
export interface ContractOperation {
  method: string;
  /** The path template as the contract writes it: `/v1/vouchers/{code}`. */
  path: string;
  operationId: string;
  /** The contract file it is published in, relative to shared/reference. */
  file: string;
}

/**
 * Every operation of the published contract files, once per method and path shape (two files may
 * publish one operation, naming its parameter differently: the first file, in
 * `contractDocumentNames` order, is kept), sorted by path and method.
 */
export function contractOperations(): ContractOperation[] {
  const byShape = new Map<string, ContractOperation>();
  for (const file of contractDocumentNames()) {
    for (const operation of operationsOf(readReference<Doc>(file))) {
      if (!byShape.has(operation.shape)) byShape.set(operation.shape, { method: operation.method, path: operation.path, operationId: operation.op.operationId, file });
    }
  }
  return [...byShape.values()].sort((a, b) => (a.path === b.path ? a.method.localeCompare(b.method) : a.path < b.path ? -1 : 1));
}
