import Box from '@mui/material/Box';
import { useWatch } from 'react-hook-form';
import type { EventSchema } from '../../../../../contract/event';
import { productLabel, useProducts } from '../../../../api/get-products';
import { FormTextField } from '../../../../components/form-text-field';
import { effectsFor, itemEffects, moneyEffects, type EffectKind, type RuleFormControl } from '../../model/rule-form';
import { FormSelect } from './form-select';

const effectLabels: Record<EffectKind, string> = {
  FIXED: 'A fixed number of points',
  CUSTOM_EVENT_METADATA: "Points per amount of an event's property",
  CUSTOMER_METADATA: "Points per amount of a customer's property",
  ORDER_AMOUNT: 'Points per amount spent',
  ORDER_TOTAL_AMOUNT: 'Points per amount spent, after discounts',
  ORDER_ITEMS_AMOUNT: 'Points per amount spent on a product',
  ORDER_ITEMS_SUBTOTAL_AMOUNT: 'Points per amount spent on a product, after discounts',
  ORDER_ITEMS_QUANTITY: 'Points per product bought',
  ORDER_METADATA: "Points per amount of an order's property",
};

/** How many points: fixed, or proportional to the order (amount, a product's lines) or to a number in metadata. */
export function PointsSection({ control, schema }: { control: RuleFormControl; schema: EventSchema | undefined }) {
  const [trigger, effect] = useWatch({ control, name: ['trigger', 'effect'] });
  const needsProducts = itemEffects.includes(effect);
  const products = useProducts();
  const numberProperties = Object.entries(schema?.properties ?? {})
    .filter(([, property]) => property.type === 'number')
    .map(([name]) => ({ value: name, label: name }));
  const money = moneyEffects.includes(effect);
  const productOptions = (products.data?.products ?? []).map((p) => ({ value: p.id, label: productLabel(p) }));
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <FormSelect control={control} name="effect" label="Points" options={effectsFor[trigger].map((value) => ({ value, label: effectLabels[value] }))} sx={{ maxWidth: 420 }} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}>
        <FormTextField control={control} name="points" label={effect === 'FIXED' ? 'Points each time' : 'Points'} type="number" slotProps={{ htmlInput: { min: 1, step: 1 } }} />
        {effect !== 'FIXED' &&
          (money ? (
            <FormTextField control={control} name="every" label="For every (amount)" helperText="An amount such as 1.00" autoComplete="off" slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
          ) : (
            <FormTextField control={control} name="every" label="For every" type="number" helperText={effect === 'ORDER_ITEMS_QUANTITY' ? 'Items bought' : undefined} slotProps={{ htmlInput: { min: 1, step: 1 } }} />
          ))}
        {effect === 'CUSTOM_EVENT_METADATA' && (
          <FormSelect
            control={control}
            name="property"
            label="Of the event's"
            options={numberProperties}
            helperText={schema ? (numberProperties.length ? 'A number property of the event.' : `${schema.name} has no number property.`) : 'Choose the custom event first.'}
          />
        )}
        {effect === 'CUSTOMER_METADATA' && <FormTextField control={control} name="property" label="Of the customer's" helperText="A customer metadata key holding a number." />}
        {effect === 'ORDER_METADATA' && <FormTextField control={control} name="property" label="Of the order's" helperText="An order metadata key holding a number." />}
        {needsProducts && (
          <FormSelect
            control={control}
            name="productId"
            label="Product"
            options={productOptions}
            helperText={products.isPending ? 'Loading the products…' : products.isError ? 'The products could not be loaded.' : productOptions.length ? 'Only the order lines of this product count.' : 'The project has no products.'}
          />
        )}
      </Box>
    </Box>
  );
}

/** Order-paid rules: how many days the points wait as pending before they are added to the balance. */
export function PendingSection({ control }: { control: RuleFormControl }) {
  const trigger = useWatch({ control, name: 'trigger' });
  if (trigger !== 'order_paid') return null;
  return (
    <FormTextField
      control={control}
      name="pendingDays"
      label="Hold the points for (days)"
      type="number"
      slotProps={{ htmlInput: { min: 1, max: 90, step: 1 } }}
      helperText="1 to 90 days: the points show as pending on the card until then, and a cancelled order cancels them. Empty: added at once."
      sx={{ maxWidth: 420 }}
    />
  );
}
