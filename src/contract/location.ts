import { z } from 'zod';
import { dateTime, isoDate, limitQuery } from './common';

/** A GeoJSON position: [longitude, latitude], optionally followed by an altitude. */
export const positionSchema = z.array(z.number()).min(2).max(3);
/** A GeoJSON Polygon's coordinates: rings (the first the outline, the rest holes) of positions. */
export const polygonCoordinatesSchema = z.array(z.array(positionSchema));

export const circleShapeSchema = z.object({
  type: z.literal('circle'),
  format: z.literal('distance'),
  distance: z.object({
    /** `geo:<latitude>,<longitude>` */
    center: z.string(),
    /** `<number> km` */
    radius: z.string(),
  }),
});
export type CircleShape = z.infer<typeof circleShapeSchema>;

export const polygonShapeSchema = z.object({
  type: z.literal('polygon'),
  format: z.literal('geojson'),
  geojson: z.discriminatedUnion('type', [
    z.object({ type: z.literal('Polygon'), coordinates: polygonCoordinatesSchema }),
    z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(polygonCoordinatesSchema) }),
  ]),
});
export type PolygonShape = z.infer<typeof polygonShapeSchema>;

export const locationShapeSchema = z.discriminatedUnion('type', [circleShapeSchema, polygonShapeSchema]);
export type LocationShape = z.infer<typeof locationShapeSchema>;

export const locationSchema = z.object({
  id: z.string(),
  object: z.literal('location'),
  name: z.string(),
  shape: locationShapeSchema,
  created_at: z.string(),
  updated_at: z.string().nullable(),
});
export type Location = z.infer<typeof locationSchema>;

export const locationListSchema = z.object({
  object: z.literal('list'),
  data_ref: z.literal('data'),
  data: z.array(locationSchema),
  total: z.number().int(),
  has_more: z.boolean(),
});
export type LocationList = z.infer<typeof locationListSchema>;

const centerPattern = /^geo:([+-]?\d+(?:\.\d+)?),([+-]?\d+(?:\.\d+)?)$/;
const radiusPattern = /^(\d+(?:\.\d+)?) km$/;

/** `geo:52.37,4.89` → {lat, lng}; null when the string is not of that form (ranges are not checked). */
export function parseCenter(center: string): { lat: number; lng: number } | null {
  const match = centerPattern.exec(center);
  return match ? { lat: Number(match[1]), lng: Number(match[2]) } : null;
}

/** `1.54 km` → 1.54; null when the string is not `<number> km`. */
export function parseRadiusKm(radius: string): number | null {
  const match = radiusPattern.exec(radius);
  return match ? Number(match[1]) : null;
}

// ---- List Locations query (api-facts §11): `filters` is a deepObject, parsed with brackets.

export const locationOrders = ['created_at', '-created_at', 'updated_at', '-updated_at'] as const;
export type LocationOrder = (typeof locationOrders)[number];

/** `$in=a&$in=b`, `$in[]=a` and `$in[0]=a` all arrive as arrays; a single `$in=a` as a string. */
const stringList = z.union([z.string(), z.array(z.string()).min(1)]).transform((v) => (Array.isArray(v) ? v : [v]));
/** A date or date-time (`2016-11-16` or `2016-11-16T14:14:31Z`), as the real API documents for dates. */
export const dateOrDateTime = z.union([dateTime, isoDate], { error: 'expected an ISO 8601 date or date-time' }).transform((v) => new Date(v));
const wholeDays = z
  .string()
  .regex(/^\d+$/, 'expected a whole number of days')
  .transform(Number);

export const stringConditionsSchema = z.strictObject({
  $in: stringList.optional(),
  $not_in: stringList.optional(),
  $is: z.string().optional(),
  $is_not: z.string().optional(),
  $has_value: z.string().optional(),
  $is_unknown: z.string().optional(),
  $starts_with: z.string().optional(),
  $ends_with: z.string().optional(),
  $contains: z.string().optional(),
  $not_contain: z.string().optional(),
});
export type StringConditions = z.output<typeof stringConditionsSchema>;

export const dateConditionsSchema = z.strictObject({
  $after: dateOrDateTime.optional(),
  $before: dateOrDateTime.optional(),
  $has_value: z.string().optional(),
  $is_unknown: z.string().optional(),
  $more_than: wholeDays.optional(),
  $less_than: wholeDays.optional(),
});
export type DateConditions = z.output<typeof dateConditionsSchema>;

export const locationFiltersSchema = z.strictObject({
  name: z.strictObject({ conditions: stringConditionsSchema }).optional(),
  created_at: z.strictObject({ conditions: dateConditionsSchema }).optional(),
  updated_at: z.strictObject({ conditions: dateConditionsSchema }).optional(),
});
export type LocationFilters = z.output<typeof locationFiltersSchema>;

export const locationListQuerySchema = z.object({
  limit: limitQuery,
  order: z.enum(locationOrders).default('-created_at'),
  filters: locationFiltersSchema.optional(),
  end_date: dateOrDateTime.optional(),
});
export type LocationListQuery = z.output<typeof locationListQuerySchema>;
