import { describe, expect, it } from 'vitest';
import { buildFilter, emptyRow, operatorChoices, toFilter, valueInput, withField, type ConditionGroup, type ConditionRow } from './filter-builder';

const row = (over: Partial<ConditionRow>): ConditionRow => ({ ...emptyRow(), ...over });
const group = (junction: 'and' | 'or', rows: ConditionRow[], groups: ConditionGroup[] = []): ConditionGroup => ({ id: 'g', junction, rows, groups });

describe('filter builder', () => {
  it('offers only the operators the field type allows', () => {
    expect(operatorChoices('email')).toContain('$contains');
    expect(operatorChoices('email')).not.toContain('$after');
    expect(operatorChoices('created_at')).toEqual(['$after', '$before', '$has_value', '$is_unknown']);
    expect(operatorChoices('events')).toEqual(['$is', '$is_not', '$more_than', '$less_than']);
    expect(operatorChoices('metadata')).toHaveLength(14);
  });

  it('keeps the operator when the new field allows it, else takes the first allowed', () => {
    expect(withField(row({ field: 'name', operator: '$is' }), 'metadata').operator).toBe('$is');
    expect(withField(row({ field: 'name', operator: '$contains' }), 'birthdate').operator).toBe('$after');
  });

  it('picks the value input from the field and operator', () => {
    expect(valueInput({ field: 'birthdate', operator: '$before' })).toBe('date');
    expect(valueInput({ field: 'metadata', operator: '$after' })).toBe('date');
    expect(valueInput({ field: 'metadata', operator: '$more_than' })).toBe('number');
    expect(valueInput({ field: 'events', operator: '$is' })).toBe('number');
    expect(valueInput({ field: 'name', operator: '$in' })).toBe('list');
    expect(valueInput({ field: 'name', operator: '$has_value' })).toBe('none');
  });

  it('builds the API filter shape, with typed values and nested groups', () => {
    const filter = toFilter(
      group(
        'and',
        [row({ field: 'address.country', operator: '$is', value: ' NL ' }), row({ field: 'metadata', key: 'visits', operator: '$more_than', value: '20' })],
        [group('or', [row({ field: 'events', key: 'order.paid', operator: '$more_than', value: '0' }), row({ field: 'email', operator: '$in', value: 'a@x.com, b@x.com,' })])],
      ),
    );
    expect(filter).toEqual({
      junction: 'and',
      'address.country': { conditions: { $is: 'NL' } },
      'metadata.visits': { conditions: { $more_than: 20 } },
      groups: [{ junction: 'or', 'events.order.paid.count': { conditions: { $more_than: 0 } }, email: { conditions: { $in: ['a@x.com', 'b@x.com'] } } }],
    });
  });

  it('moves a repeated field and operator into a nested group with the same junction', () => {
    const filter = toFilter(group('or', [row({ field: 'name', operator: '$is', value: 'Ann' }), row({ field: 'name', operator: '$is', value: 'Ben' }), row({ field: 'phone', operator: '$has_value' })]));
    expect(filter).toEqual({ junction: 'or', name: { conditions: { $is: 'Ann' } }, phone: { conditions: { $has_value: true } }, groups: [{ junction: 'or', name: { conditions: { $is: 'Ben' } } }] });
  });

  it('says what is missing before anything is sent, and what the contract rejects', () => {
    expect(buildFilter(group('and', [row({ field: 'metadata', operator: '$is', value: 'x' })])).problem).toBe('Condition 1: Enter the metadata key');
    expect(buildFilter(group('and', [row({ field: 'name', operator: '$is', value: 'Ann' }), row({ field: 'email', operator: '$is' })])).problem).toBe('Condition 2: Enter a value');
    expect(buildFilter(group('and', [row({ field: 'created_at', operator: '$after', value: '2026-02-31' })])).problem).toContain('filter.created_at.conditions.$after: operator $after expects an ISO 8601 date');
    expect(buildFilter(group('and', [row({ field: 'name', operator: '$is', value: 'Ann' })])).filter).toEqual({ junction: 'and', name: { conditions: { $is: 'Ann' } } });
  });
});
