import { z } from 'zod';
import { createProductRequestSchema, type CreateProductRequest } from '../../contract/product';
import { cellsOf, fileProblem, readCsv, wholeNumber } from './csv-file';
import { checkRow } from './csv-row-check';

/** One product of a CSV import with the line it was read from. */
export interface ProductCsvRow {
  line: number;
  product: CreateProductRequest;
}

export const productCsvRowSchema = z.object({ line: z.number().int(), product: createProductRequestSchema });

export const maxProductCsvRows = 100_000;

/** The contract's product columns (`name,source_id,price,attributes,image_url`); any other is metadata. */
const standard = new Set(['name', 'source_id', 'price', 'attributes', 'image_url']);

/**
 * POST /v1/products/importCSV's file read into product bodies, each checked with Create Product's
 * rules; `name` is required on every row (the contract). `attributes` is a comma-separated list
 * ("attribute1,attribute2"), `price` the API's whole cents.
 */
export function productsFromCsv(text: string): ProductCsvRow[] {
  const table = readCsv(text, maxProductCsvRows);
  const headerOf = new Map(table.headers.map((h) => [standard.has(h.toLowerCase()) ? h.toLowerCase() : `metadata.${h}`, h]));
  const columnOf = (path: PropertyKey[]) => headerOf.get(path.slice(0, 2).map(String).join('.')) ?? headerOf.get(String(path[0]));
  if (!headerOf.has('name')) throw fileProblem("should have the required column 'name'", 1);
  return table.rows.map(({ line, cells }) => {
    const body: Record<string, unknown> = {};
    const metadata: Record<string, string> = {};
    for (const [header, value] of cellsOf(table, cells)) {
      const field = header.toLowerCase();
      if (!standard.has(field)) metadata[header] = value;
      else if (field === 'price') body.price = wholeNumber(value, line, header);
      else if (field === 'attributes') body.attributes = value.split(',').map((a) => a.trim()).filter(Boolean);
      else body[field] = value;
    }
    if (body.name === undefined) throw fileProblem('a product needs a name', line, headerOf.get('name'));
    if (Object.keys(metadata).length > 0) body.metadata = metadata;
    return { line, product: checkRow(createProductRequestSchema, body, line, columnOf) };
  });
}
