import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormLabel from '@mui/material/FormLabel';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import type { ExportObject } from '../../../../contract/export';
import { ErrorAlert } from '../../../components/error-alert';
import { FormTextField } from '../../../components/form-text-field';
import { errorObjectOf } from '../../../lib/api-error';
import { useCreateExport } from '../api/create-export';
import { emptyExportForm, exportFormSchema, type ExportFormControl, type ExportFormValues, type ExportSubmission } from '../model/export-form';
import { apiErrorText, fieldOfApiError } from '../model/place-api-error';
import { CardChooser } from './card-chooser';
import { FieldOrderList } from './field-order-list';
import { FormSection } from '../../../components/form-section';


function OrderField({ control }: { control: ExportFormControl }) {
  const { field } = useController({ control, name: 'order' });
  return (
    <Box>
      <FormLabel id="export-order-label" sx={{ typography: 'body2' }}>
        Row order
      </FormLabel>
      <RadioGroup row aria-labelledby="export-order-label" value={field.value} onChange={(event) => field.onChange(event.target.value)}>
        <FormControlLabel value="-created_at" control={<Radio />} label="Newest first" />
        <FormControlLabel value="created_at" control={<Radio />} label="Oldest first" />
      </RadioGroup>
    </Box>
  );
}

/** Start an export of one card's transactions: the card, the columns and their order, the rows. */
export function ExportForm({ onStarted }: { onStarted?: (started: ExportObject) => void }) {
  const { control, handleSubmit, setError, clearErrors, getValues } = useForm<ExportFormValues, unknown, ExportSubmission>({
    resolver: zodResolver(exportFormSchema),
    defaultValues: emptyExportForm,
  });
  const createExport = useCreateExport();
  const [formError, setFormError] = useState<unknown>(null);
  const [started, setStarted] = useState<ExportObject | null>(null);
  const formErrorRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (formError !== null) formErrorRef.current?.focus();
  }, [formError]);

  const submit = handleSubmit((submission) => {
    setFormError(null);
    setStarted(null);
    createExport.mutate(submission, {
      onSuccess: (created) => {
        setStarted(created);
        onStarted?.(created);
      },
      onError: (error) => {
        const object = errorObjectOf(error);
        const field = fieldOfApiError(object, getValues('cardBy'));
        if (field) setError(field, { type: 'api', message: apiErrorText(object) }, { shouldFocus: true });
        else setFormError(error);
      },
    });
  });

  return (
    <Paper component="form" noValidate onSubmit={submit} aria-labelledby="export-form-heading" sx={{ p: 3 }}>
      <Typography id="export-form-heading" variant="h2" sx={{ mb: 2 }}>
        New export
      </Typography>
      {formError !== null && (
        <Box ref={formErrorRef} tabIndex={-1} sx={{ mb: 2, outline: 'none' }}>
          <ErrorAlert error={formError} title="The export was not started" />
        </Box>
      )}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <FormSection gap={1.5} id="export-card-heading" title="Card">
          <CardChooser control={control} onCardByChanged={() => clearErrors(['programId', 'memberCode', 'code'])} />
        </FormSection>
        <Divider />
        <FormSection gap={1.5} id="export-rows-heading" title="Rows">
          <OrderField control={control} />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            <FormTextField
              control={control}
              name="createdAfter"
              label="Created after (optional)"
              type="datetime-local"
              helperText="Your local time."
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <FormTextField control={control} name="createdBefore" label="Created before (optional)" type="datetime-local" slotProps={{ inputLabel: { shrink: true } }} />
          </Box>
        </FormSection>
        <Divider />
        <FormSection gap={1.5} id="export-columns-heading" title="Columns">
          <FieldOrderList control={control} />
        </FormSection>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" size="large" loading={createExport.isPending}>
            Start export
          </Button>
          <Box role="status" aria-live="polite" sx={{ flex: 1, minWidth: 240 }}>
            {started && (
              <Alert severity="info" role="presentation" sx={{ py: 0 }}>
                Export {started.id} scheduled: it appears in the table below.
              </Alert>
            )}
          </Box>
        </Box>
      </Box>
    </Paper>
  );
}
