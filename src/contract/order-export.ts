import { z } from 'zod';
import { metadataLimits } from './common';
import { dateConditionsSchema, fieldListSchema, idConditionsSchema, membershipConditions, metadataConditionsSchema, numberConditionsSchema } from './export-parameters';
import { orderStatuses } from './order';

/**
 * POST /v1/orders/export (openapi-loyalty-rest `create-order-export`): a CSV of the project's
 * orders, made by the export job like every export.
 */

/** The order columns an export may hold (`ExportOrderFields`), besides `metadata.<property>`. */
export const orderExportFieldValues = [
  'id',
  'source_id',
  'created_at',
  'updated_at',
  'status',
  'amount',
  'discount_amount',
  'items_discount_amount',
  'total_discount_amount',
  'total_amount',
  'customer_id',
  'referrer_id',
  'metadata',
] as const;
type OrderColumn = (typeof orderExportFieldValues)[number];
/** `metadata.<property>`: one property of the order's metadata. */
export type MetadataField = `metadata.${string}`;
export type OrderExportField = OrderColumn | MetadataField;

const metadataPrefix = 'metadata.';
export const isMetadataField = (field: string): field is MetadataField => field.startsWith(metadataPrefix) && field.length > metadataPrefix.length && field.length <= metadataPrefix.length + metadataLimits.keyLength;
const isOrderColumn = (field: string): field is OrderColumn => (orderExportFieldValues as readonly string[]).includes(field);

/**
 * A column of the file. `ExportOrderFields` lists no `metadata.<property>`, while the operation's
 * table and both its examples use one (`metadata.payment_mean`): the examples win.
 */
export const orderExportFieldSchema = z.string().refine((field): field is OrderExportField => isOrderColumn(field) || isMetadataField(field), {
  error: (issue) => `unknown field ${JSON.stringify(issue.input)}; exportable fields: ${orderExportFieldValues.join(', ')}, metadata.<property>`,
});

/** The columns of an export that names no `fields`, as the contract says. */
export const defaultOrderExportFields: readonly OrderExportField[] = ['id', 'source_id', 'status'];

export const orderExportOrderValues = ['-created_at', 'created_at', '-updated_at', 'updated_at', '-status', 'status'] as const;
export const orderExportOrderSchema = z.enum(orderExportOrderValues);
export type OrderExportOrder = z.infer<typeof orderExportOrderSchema>;

const textFields = ['id', 'source_id', 'customer_id', 'referrer_id'] as const;
const amountFields = ['amount', 'discount_amount', 'items_discount_amount', 'total_discount_amount', 'total_amount'] as const;
const dateFields = ['created_at', 'updated_at'] as const;

const conditionsOf = <T extends z.ZodType>(conditions: T) => z.strictObject({ conditions });
const statusConditions = conditionsOf(membershipConditions(z.enum(orderStatuses)));
const filterSchemas = {
  ...Object.fromEntries(textFields.map((field) => [field, conditionsOf(idConditionsSchema)])),
  ...Object.fromEntries(amountFields.map((field) => [field, conditionsOf(numberConditionsSchema)])),
  ...Object.fromEntries(dateFields.map((field) => [field, conditionsOf(dateConditionsSchema)])),
  status: statusConditions,
} as Record<string, z.ZodType>;
const metadataFilter = conditionsOf(metadataConditionsSchema);
const filterableFields = [...Object.keys(filterSchemas), 'metadata.<property>'].join(', ');

/** One field's filter, by the kind of its column. */
export type OrderFieldFilter =
  | { kind: 'text'; field: (typeof textFields)[number]; conditions: z.infer<typeof idConditionsSchema> }
  | { kind: 'status'; field: 'status'; conditions: z.infer<typeof statusConditions>['conditions'] }
  | { kind: 'amount'; field: (typeof amountFields)[number]; conditions: z.infer<typeof numberConditionsSchema> }
  | { kind: 'date'; field: (typeof dateFields)[number]; conditions: z.infer<typeof dateConditionsSchema> }
  | { kind: 'metadata'; field: MetadataField; conditions: z.infer<typeof metadataConditionsSchema> };

export interface OrderExportFilters {
  junction?: 'and' | 'or';
  [field: string]: unknown;
}

function kindOf(field: string): OrderFieldFilter['kind'] {
  if (field === 'status') return 'status';
  if ((amountFields as readonly string[]).includes(field)) return 'amount';
  if ((dateFields as readonly string[]).includes(field)) return 'date';
  if (isMetadataField(field)) return 'metadata';
  return 'text';
}

/** The fields of parsed filters, each with its kind, in the order given. */
export function orderFieldFilters(filters: OrderExportFilters): OrderFieldFilter[] {
  return Object.entries(filters)
    .filter(([field]) => field !== 'junction')
    .map(([field, filter]) => ({ kind: kindOf(field), field, conditions: (filter as { conditions: unknown }).conditions }) as OrderFieldFilter);
}

/**
 * `parameters.filters` (`ExportOrderFilters`): "all order object attributes", and properties of
 * its metadata as `metadata.<property>`, each `{conditions}` by its type. The operators of one
 * field all hold; the fields are joined by `junction` (`and` when left out). Anything else is a
 * 400 naming it.
 */
export const orderExportFiltersSchema = z.record(z.string(), z.unknown()).transform((given, ctx): OrderExportFilters => {
  const filters: OrderExportFilters = {};
  for (const [field, value] of Object.entries(given)) {
    const schema = field === 'junction' ? z.enum(['and', 'or', 'AND', 'OR']).transform((j) => j.toLowerCase() as 'and' | 'or') : (filterSchemas[field] ?? (isMetadataField(field) ? metadataFilter : undefined));
    if (!schema) {
      ctx.addIssue({ code: 'custom', path: [field], message: `unknown filter field; filterable fields: ${filterableFields}` });
      continue;
    }
    const parsed = schema.safeParse(value);
    if (parsed.success) filters[field] = parsed.data;
    else for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: [field, ...issue.path] } as Parameters<typeof ctx.addIssue>[0]);
  }
  return filters;
});

export const orderExportParametersSchema = z.strictObject({
  order: orderExportOrderSchema.optional(),
  fields: fieldListSchema(orderExportFieldSchema).nullable().optional(),
  filters: orderExportFiltersSchema.optional(),
});
export type OrderExportParameters = z.infer<typeof orderExportParametersSchema>;

/** The body: `{}` (or no body) exports `id`, `source_id` and `status` of every order. */
export const createOrdersExportSchema = z.strictObject({ parameters: orderExportParametersSchema.nullable().optional() });
export type CreateOrdersExport = z.infer<typeof createOrdersExportSchema>;
