import { describe, expect, it } from 'vitest';
import type { MetadataSchema } from '../../contract/metadata-schema';
import { eventSchemaOf } from './get-event-schemas';

const schema: MetadataSchema = {
  id: 'ms_storevisit',
  related_object: 'store_visit',
  properties: {
    store_id: { type: 'string', array: false, optional: false, objectType: null },
    amount: { type: 'number', array: false, optional: true, objectType: null },
    where: { type: 'geopoint', array: false, optional: true, objectType: null },
    tags: { type: 'string', array: true, optional: true, objectType: null },
  },
  allow_defined_only: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: null,
  object: 'metadata_schema',
};

describe('eventSchemaOf', () => {
  it('turns a metadata schema into the event the forms offer: its name, and each property’s type and whether it is required', () => {
    expect(eventSchemaOf(schema)).toEqual({
      id: 'ms_storevisit',
      name: 'store_visit',
      // A geopoint or a list of values cannot be typed into the event form: left out.
      properties: { store_id: { type: 'string', required: true }, amount: { type: 'number', required: false } },
    });
  });
});
