import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useController, useFieldArray, useForm, useWatch, type Control, type Resolver } from 'react-hook-form';
import type { CreateOrderRequest } from '../../../../contract/order';
import type { Product } from '../../../../contract/product';
import { productLabel } from '../../../api/get-products';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { FormSection } from '../../../components/form-section';
import { FormTextField } from '../../../components/form-text-field';
import { AddIcon, DeleteIcon } from '../../../components/icons';
import { FormIdentifyByToggle } from '../../../components/identify-by-toggle';
import { formatCents } from '../../../lib/format';
import { useFormApiError } from '../../../lib/use-form-api-error';
import { useRecordOrder, type OrderResult } from '../hooks/use-record-order';
import { emptyOrderForm, emptyOrderItem, orderFormSchema, placeOrderError, type OrderFormValues } from '../model/order-form';

type OrderControl = Control<OrderFormValues, unknown, CreateOrderRequest>;

const identifierCopy = {
  source_id: { label: 'Customer source ID', helper: "Required. Your system's id for the customer; an unknown source ID creates the customer." },
  id: { label: 'Customer ID', helper: 'Required. The id the service gave the customer, starting with cust_; it must exist.' },
} as const;

function BasisChoice({ control }: { control: OrderControl }) {
  const { field } = useController({ control, name: 'basis' });
  return (
    <Box>
      <FormLabel id="order-basis-label" sx={{ typography: 'body2' }}>
        Record
      </FormLabel>
      <RadioGroup row aria-labelledby="order-basis-label" value={field.value} onChange={(event) => field.onChange(event.target.value)}>
        <FormControlLabel value="items" control={<Radio />} label="Products bought" />
        <FormControlLabel value="amount" control={<Radio />} label="Just the amount paid" />
      </RadioGroup>
    </Box>
  );
}

/** The products and their quantities, with the order's total at the products' prices. */
function ItemRows({ control, products, byId }: { control: OrderControl; products: readonly Product[]; byId: ReadonlyMap<string, Product> }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'items' });
  const items = useWatch({ control, name: 'items' });
  const { fieldState } = useController({ control, name: 'items' });
  const listError = fieldState.error?.message ?? fieldState.error?.root?.message;
  const lines = items.map((item) => ({ price: byId.get(item.productId)?.price, quantity: /^\d+$/.test(item.quantity.trim()) ? Number(item.quantity) : null }));
  const total = lines.every((l) => l.price !== null && l.price !== undefined && l.quantity !== null) ? lines.reduce((sum, l) => sum + (l.price as number) * (l.quantity as number), 0) : null;

  if (products.length === 0) {
    return <Typography variant="body2">The project has no products yet: record just the amount paid.</Typography>;
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {fields.map((row, i) => (
        <Box key={row.id} role="group" aria-label={`Item ${i + 1}`} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
          <FormTextField control={control} name={`items.${i}.productId`} select label="Product" sx={{ flex: '1 1 220px', minWidth: 0 }}>
            {products.map((product) => (
              <MenuItem key={product.id} value={product.id}>
                {productLabel(product)}
                {product.price !== null ? ` — ${formatCents(product.price)}` : ''}
              </MenuItem>
            ))}
          </FormTextField>
          <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start', flex: '0 0 auto' }}>
            <FormTextField control={control} name={`items.${i}.quantity`} label="Quantity" autoComplete="off" slotProps={{ htmlInput: { inputMode: 'numeric' } }} sx={{ width: 110 }} />
            <IconButton aria-label={`Remove item ${i + 1}`} onClick={() => remove(i)} disabled={fields.length === 1} sx={{ mt: 1 }}>
              <DeleteIcon />
            </IconButton>
          </Box>
        </Box>
      ))}
      {listError && <FormHelperText error>{listError}</FormHelperText>}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Button startIcon={<AddIcon />} onClick={() => append(emptyOrderItem)} variant="outlined" size="small">
          Add a product
        </Button>
        <Typography variant="body2" aria-live="polite">
          {total !== null ? `Total at list prices: ${formatCents(total)}` : 'Choose each product to see the total.'}
        </Typography>
      </Box>
    </Box>
  );
}

/** Record a paid order for a customer (POST /v1/orders, status PAID): products and quantities, or just an amount. */
export function OrderForm({ products, onRecorded }: { products: readonly Product[]; onRecorded: (result: OrderResult) => void }) {
  const byId = useMemo(() => new Map(products.map((p) => [p.id, p])), [products]);
  const resolver = useMemo(() => zodResolver(orderFormSchema(byId)) as unknown as Resolver<OrderFormValues, unknown, CreateOrderRequest>, [byId]);
  const { control, handleSubmit, setError, clearErrors, getValues } = useForm<OrderFormValues, unknown, CreateOrderRequest>({
    resolver,
    defaultValues: products.length ? emptyOrderForm : { ...emptyOrderForm, basis: 'amount' },
  });
  const identifyBy = useWatch({ control, name: 'identifyBy' });
  const basis = useWatch({ control, name: 'basis' });
  const record = useRecordOrder();
  const { formError, formErrorRef, showApiError, clearFormError } = useFormApiError(
    (error) => placeOrderError(error, getValues()),
    (target, text, focus) => setError(target, { type: 'api', message: text }, { shouldFocus: focus }),
  );

  const submit = handleSubmit((body) => {
    clearFormError();
    record.mutate(body, { onSuccess: onRecorded, onError: showApiError });
  });

  const identifier = identifierCopy[identifyBy];
  return (
    <Paper component="form" noValidate onSubmit={submit} aria-labelledby="order-form-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="order-form-heading" variant="h2" sx={{ mb: 2 }}>
        Record a paid order
      </Typography>
      <FormErrorAlert error={formError} title="The order was not recorded" ref={formErrorRef} />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <FormSection id="order-customer-heading" title="Customer">
          <FormIdentifyByToggle control={control} name="identifyBy" labelId="order-identify-by-label" onChanged={() => clearErrors('customer')} />
          <FormTextField control={control} name="customer" label={identifier.label} helperText={identifier.helper} required autoComplete="off" />
        </FormSection>
        <FormSection id="order-bought-heading" title="What was bought">
          <BasisChoice control={control} />
          {basis === 'items' ? (
            <ItemRows control={control} products={products} byId={byId} />
          ) : (
            <FormTextField
              control={control}
              name="amount"
              label="Amount paid"
              required
              autoComplete="off"
              helperText="As on the receipt, such as 12.50."
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              sx={{ maxWidth: 280 }}
            />
          )}
        </FormSection>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          The order is recorded as paid now: the program's order rules earn on it at once, or hold the points for the days a rule says.
        </Typography>
        <Box>
          <Button type="submit" variant="contained" disabled={record.isPending}>
            {record.isPending ? 'Recording…' : 'Record paid order'}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
