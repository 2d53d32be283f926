import { z } from 'zod';

/** The error object of SERVICE_SPEC §2.7: the body of every non-2xx response. */
export const errorObjectSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  key: z.string().optional(),
  details: z.string().optional(),
  request_id: z.string().optional(),
  resource_id: z.string().optional(),
  resource_type: z.string().optional(),
  error: z.object({ message: z.string() }).optional(),
  // 400 resource_in_use: what still uses the resource.
  related_object_ids: z.array(z.string()).optional(),
  related_object_type: z.string().optional(),
  related_object_total: z.number().int().optional(),
});
export type ErrorObject = z.infer<typeof errorObjectSchema>;

export function isErrorObject(value: unknown): value is ErrorObject {
  return errorObjectSchema.safeParse(value).success;
}
