import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { FormSection } from '../../../components/form-section';
import { FormTextField } from '../../../components/form-text-field';
import { useFormApiError } from '../../../lib/use-form-api-error';
import { characterSets, exampleCode, monthOptions, placeProgramError, programFormSchema, type CharacterSet, type ProgramField, type ProgramForm } from '../model/program-form';

interface ProgramFormProps {
  defaultValues: ProgramForm;
  /** Editing: the name, code format and points expiry are shown but cannot change (the real API keeps them). */
  editing: boolean;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: ProgramForm, showApiError: (error: unknown) => void) => void;
}

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } } as const;

/** A program's settings, checked as the service checks them; refusals land beside their fields. */
export function ProgramFormView({ defaultValues, editing, submitLabel, pending, onSubmit }: ProgramFormProps) {
  // Checked on submit, then as typed (react-hook-form's default): checking on blur put an error above the
  // button as the pointer went down on it, which moved the button away before the click landed.
  const { control, handleSubmit, setError } = useForm<ProgramForm>({ resolver: zodResolver(programFormSchema), defaultValues });
  const { formError, formErrorRef, showApiError, clearFormError } = useFormApiError<ProgramField>(placeProgramError, (target, text, focus) =>
    setError(target, { type: 'api', message: text }, { shouldFocus: focus }),
  );
  const [format, pattern, prefix, length, postfix, characters, expiry] = useWatch({ control, name: ['format', 'pattern', 'prefix', 'length', 'postfix', 'characters', 'expiry'] });
  // Drawn again only when the format changes, so the example does not flicker as other fields are typed.
  const example = useMemo(() => exampleCode({ format, pattern, prefix, length, postfix, characters }), [format, pattern, prefix, length, postfix, characters]);
  const locked = editing ? 'Set when the program was created; it cannot change.' : undefined;

  const submit = handleSubmit((values) => {
    clearFormError();
    onSubmit(values, showApiError);
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={editing ? 'Program settings' : 'New program'} sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <FormErrorAlert error={formError} title={editing ? 'The program was not saved' : 'The program was not created'} ref={formErrorRef} />
      <FormSection id="program-name-heading" title="Name">
        <Box sx={grid}>
          <FormTextField control={control} name="name" label="Program name" required disabled={editing} helperText={locked ?? 'What staff and members call it'} />
          <FormTextField control={control} name="description" label="Description" helperText="Optional: a line for your colleagues" multiline maxRows={4} />
        </Box>
      </FormSection>
      <FormSection id="program-codes-heading" title="Card codes">
        <Box sx={grid}>
          <FormTextField control={control} name="format" label="Code format" select disabled={editing} helperText={locked}>
            <MenuItem value="random">Random characters, with an optional start and end</MenuItem>
            <MenuItem value="pattern">A pattern, # for each random character</MenuItem>
          </FormTextField>
          <FormTextField control={control} name="characters" label="Random characters" select disabled={editing}>
            {(Object.keys(characterSets) as CharacterSet[]).map((key) => (
              <MenuItem key={key} value={key}>
                {characterSets[key].label}
              </MenuItem>
            ))}
          </FormTextField>
          {format === 'pattern' ? (
            <FormTextField control={control} name="pattern" label="Pattern" disabled={editing} helperText={editing ? undefined : 'Such as CLUB-####-####'} />
          ) : (
            <>
              <FormTextField control={control} name="prefix" label="Starts with" disabled={editing} helperText={editing ? undefined : 'Optional, such as CLUB-'} />
              <FormTextField control={control} name="length" label="Random characters (how many)" disabled={editing} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
              <FormTextField control={control} name="postfix" label="Ends with" disabled={editing} helperText="Optional" />
            </>
          )}
        </Box>
        <Typography variant="body2" aria-live="polite" data-testid="example-code">
          {example ? (
            <>
              {editing ? 'Card codes look like' : 'A card code will look like'} <Box component="strong" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{example}</Box>
            </>
          ) : (
            'Fill in the format to see an example code.'
          )}
        </Typography>
      </FormSection>
      <FormSection id="program-expiry-heading" title="Points expiry">
        <Box sx={grid}>
          <FormTextField control={control} name="expiry" label="Points added by hand" select disabled={editing} helperText={locked ?? 'Earning rules set their own expiry'}>
            <MenuItem value="never">Never expire</MenuItem>
            <MenuItem value="months">Expire after a number of months</MenuItem>
            <MenuItem value="yearly">Expire on one day each year</MenuItem>
          </FormTextField>
          {expiry === 'months' && <FormTextField control={control} name="months" label="Months" disabled={editing} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />}
          {expiry === 'yearly' && (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)' }}>
              <FormTextField control={control} name="expiryMonth" label="Month" select disabled={editing}>
                {monthOptions.map((month) => (
                  <MenuItem key={month.value} value={month.value}>
                    {month.label}
                  </MenuItem>
                ))}
              </FormTextField>
              <FormTextField control={control} name="expiryDay" label="Day" disabled={editing} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
            </Box>
          )}
        </Box>
      </FormSection>
      <FormSection id="program-dates-heading" title="Dates">
        <Box sx={grid}>
          <FormTextField control={control} name="startDay" label="Cards work from" type="date" helperText="Empty: at once" slotProps={{ inputLabel: { shrink: true } }} />
          <FormTextField control={control} name="endDay" label="Cards work until" type="date" helperText="Empty: no end" slotProps={{ inputLabel: { shrink: true } }} />
        </Box>
      </FormSection>
      <Box>
        <Button type="submit" variant="contained" loading={pending}>
          {submitLabel}
        </Button>
      </Box>
    </Box>
  );
}
