import { z } from 'zod';
import { createSkuRequestSchema } from '../../contract/sku';
import { cellsOf, fileProblem, readCsv, wholeNumber } from './csv-file';
import { checkRow } from './csv-row-check';

/** One SKU of a CSV import: its product (id or source id), the SKU's fields, the line it was read from. */
export const skuCsvRowSchema = z.object({
  line: z.number().int(),
  product_id: z.string(),
  sku: createSkuRequestSchema.required({ source_id: true }),
});
export type SkuCsvRow = z.infer<typeof skuCsvRowSchema>;

export const maxSkuCsvRows = 100_000;

/** The contract's SKU columns (`product_id,sku,source_id,price,image_url,attributes`); any other is metadata. */
const standard = new Set(['product_id', 'sku', 'source_id', 'price', 'image_url', 'attributes']);

/**
 * The `attributes` cell: "a stringy-fied json, i.e. "{'color':'blue'}"" (the contract), so single
 * quotes are read as JSON's double ones; an object of the product's attribute names.
 */
function attributesOf(value: string, line: number, column: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value.includes('"') ? value : value.replaceAll("'", '"'));
  } catch {
    throw fileProblem(`expected an object such as {'color':'blue'}, got ${value}`, line, column);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw fileProblem(`expected an object such as {'color':'blue'}, got ${value}`, line, column);
  return parsed as Record<string, unknown>;
}

/**
 * POST /v1/skus/importCSV's file read into SKU bodies, each checked with Create SKU's rules.
 * `source_id` and `product_id` are required on every row, and a source id may appear once: it is
 * unique in the whole catalog (the contract).
 */
export function skusFromCsv(text: string): SkuCsvRow[] {
  const table = readCsv(text, maxSkuCsvRows);
  const headerOf = new Map(table.headers.map((h) => [standard.has(h.toLowerCase()) ? h.toLowerCase() : `metadata.${h}`, h]));
  const columnOf = (path: PropertyKey[]) => headerOf.get(path.slice(0, 2).map(String).join('.')) ?? headerOf.get(String(path[0]));
  for (const required of ['product_id', 'source_id']) if (!headerOf.has(required)) throw fileProblem(`should have the required column '${required}'`, 1);
  const seen = new Map<string, number>();
  return table.rows.map(({ line, cells }) => {
    const body: Record<string, unknown> = {};
    const metadata: Record<string, string> = {};
    let productId: string | undefined;
    for (const [header, value] of cellsOf(table, cells)) {
      const field = header.toLowerCase();
      if (!standard.has(field)) metadata[header] = value;
      else if (field === 'product_id') productId = value;
      else if (field === 'price') body.price = wholeNumber(value, line, header);
      else if (field === 'attributes') body.attributes = attributesOf(value, line, header);
      else body[field] = value;
    }
    if (productId === undefined) throw fileProblem('a SKU needs the product it belongs to', line, headerOf.get('product_id'));
    if (body.source_id === undefined) throw fileProblem('a SKU needs a source id', line, headerOf.get('source_id'));
    const first = seen.get(body.source_id as string);
    if (first !== undefined) throw fileProblem(`the source id ${String(body.source_id)} is already on line ${first}: a SKU's source id is unique in the catalog`, line, headerOf.get('source_id'));
    seen.set(body.source_id as string, line);
    if (Object.keys(metadata).length > 0) body.metadata = metadata;
    const sku = checkRow(createSkuRequestSchema, body, line, columnOf);
    return { line, product_id: productId, sku: { ...sku, source_id: body.source_id as string } };
  });
}
