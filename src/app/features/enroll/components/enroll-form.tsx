import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { AddMemberRequest, LoyaltyMember } from '../../../../contract/loyalty-member';
import type { LoyaltyProgram } from '../../../../contract/loyalty-program';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { FormTextField } from '../../../components/form-text-field';
import { errorObjectOf } from '../../../lib/api-error';
import { useAddMember } from '../api/add-member';
import { customerAlreadyEnrolled, placeApiError } from '../model/api-error-fields';
import { useFormApiError } from '../../../lib/use-form-api-error';
import { HeldCardLink } from './held-card-link';
import { emptyEnrollForm, enrollFormSchema, holderNameOf, type EnrollFormValues, type IdentifyBy } from '../model/enroll-form-schema';
import { MetadataRowsField } from './metadata-rows-field';
import { FormSection } from '../../../components/form-section';
import { FormIdentifyByToggle } from '../../../components/identify-by-toggle';

interface EnrollFormProps {
  program: LoyaltyProgram | undefined;
  /** The card published, and how to name its holder. */
  onEnrolled: (member: LoyaltyMember, holder: string) => void;
  /** An error that concerns the program choice (none chosen, or the API does not know it). */
  onProgramError: (message: string | null) => void;
}

const identifierCopy: Record<IdentifyBy, { label: string; helper: string }> = {
  source_id: {
    label: 'Customer source ID',
    helper: "Required. Your system's id for the customer; a customer with this source ID is created if there is none.",
  },
  id: {
    label: 'Customer ID',
    helper: 'Required. The id the service gave the customer, starting with cust_.',
  },
};


/** Add Member: the customer, optionally a card code and the publication's details. */
export function EnrollForm({ program, onEnrolled, onProgramError }: EnrollFormProps) {
  const { control, handleSubmit, setError, clearErrors, reset } = useForm<EnrollFormValues, unknown, AddMemberRequest>({
    resolver: zodResolver(enrollFormSchema),
    defaultValues: emptyEnrollForm,
  });
  const identifyBy = useWatch({ control, name: 'customer.identifyBy' });
  const addMember = useAddMember();
  // A duplicate enrollment: the customer who already holds a card, for a link to it.
  const [alreadyEnrolled, setAlreadyEnrolled] = useState<string | null>(null);
  const { formError, formErrorRef, showApiError, clearFormError } = useFormApiError(placeApiError, (target, text, focus) => {
    if (target === 'program') onProgramError(text);
    else setError(target, { type: 'api', message: text }, { shouldFocus: focus });
  });

  function showError(error: unknown) {
    setAlreadyEnrolled(customerAlreadyEnrolled(errorObjectOf(error)));
    showApiError(error);
  }

  const submit = handleSubmit((body) => {
    clearFormError();
    setAlreadyEnrolled(null);
    if (!program) {
      onProgramError('Choose the loyalty program to enroll the customer in.');
      return;
    }
    onProgramError(null);
    addMember.mutate(
      { campaignId: program.id, body },
      {
        onSuccess: (member) => {
          onEnrolled(member, holderNameOf(body.customer));
          // Ready for the next customer, identified the same way.
          reset({ ...emptyEnrollForm, customer: { ...emptyEnrollForm.customer, identifyBy } });
        },
        onError: showError,
      },
    );
  });

  const identifier = identifierCopy[identifyBy];

  return (
    <Paper component="form" noValidate onSubmit={submit} aria-labelledby="enroll-form-heading" sx={{ p: 3 }}>
      <Typography id="enroll-form-heading" variant="h2" sx={{ mb: 2 }}>
        New member
      </Typography>

      <FormErrorAlert error={formError} title="The member was not enrolled" ref={formErrorRef} />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <FormSection id="enroll-customer-heading" title="Customer">
          <FormIdentifyByToggle
            control={control}
            name="customer.identifyBy"
            labelId="identify-by-label"
            onChanged={() => {
              clearErrors('customer.identifier');
              setAlreadyEnrolled(null);
            }}
          />
          <FormTextField
            control={control}
            name="customer.identifier"
            label={identifier.label}
            helperText={identifier.helper}
            autoComplete="off"
            // aria-required rather than MUI's `required`: its asterisk would become part of the label's text.
            slotProps={{ htmlInput: { 'aria-required': true, spellCheck: false } }}
          />
          {alreadyEnrolled && program && <HeldCardLink campaignId={program.id} customerId={alreadyEnrolled} programName={program.name} />}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            <FormTextField control={control} name="customer.name" label="Name" autoComplete="off" />
            <FormTextField control={control} name="customer.email" label="Email" type="email" autoComplete="off" />
            <FormTextField control={control} name="customer.phone" label="Phone" type="tel" autoComplete="off" />
            <FormTextField control={control} name="customer.birthdate" label="Birthdate" type="date" slotProps={{ inputLabel: { shrink: true } }} />
          </Box>
          <MetadataRowsField control={control} name="customer.metadata" label="Customer metadata" />
        </FormSection>

        <Divider />

        <FormSection id="enroll-card-heading" title="Card">
          <FormTextField
            control={control}
            name="voucher"
            label="Card code (optional)"
            helperText="Leave empty to publish the next free card of the program."
            autoComplete="off"
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
        </FormSection>

        <Divider />

        <FormSection id="enroll-publication-heading" title="Publication">
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            <FormTextField
              control={control}
              name="publication.source_id"
              label="Publication source ID (optional)"
              helperText="Makes retries safe: the same source ID for the same customer returns the same card."
              autoComplete="off"
            />
            <FormTextField control={control} name="publication.channel" label="Channel (optional)" placeholder="API" helperText="Where the card was handed out; the API records API when empty." autoComplete="off" />
          </Box>
          <MetadataRowsField control={control} name="publication.metadata" label="Publication metadata" />
        </FormSection>

        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <Button type="submit" variant="contained" size="large" loading={addMember.isPending}>
            Enroll member
          </Button>
          {program && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              into {program.name}
            </Typography>
          )}
        </Box>
      </Box>
    </Paper>
  );
}
