import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useController, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { PointsExpiration } from '../../../../../contract/earning-rule';
import type { EventSchema } from '../../../../../contract/event';
import type { LoyaltyProgram } from '../../../../../contract/loyalty-program';
import { ErrorAlert } from '../../../../components/error-alert';
import { FormSection } from '../../../../components/form-section';
import { FormTextField } from '../../../../components/form-text-field';
import { errorObjectOf } from '../../../../lib/api-error';
import { useCreateEarningRule } from '../../api/create-earning-rule';
import { useUpdateEarningRule } from '../../api/update-earning-rule';
import { isFieldShown, ruleFormSchema, toCreateBody, toUpdateBody, type RuleFormValues } from '../../model/rule-form';
import { placeRuleApiError } from '../../model/rule-form-fields';
import { ExpirySection } from './expiry-section';
import { FormSelect } from './form-select';
import { LimitsSection } from './limits-section';
import { LiveDescription } from './live-description';
import { MetadataSection } from './metadata-section';
import { PendingSection, PointsSection } from './points-section';
import { TriggerSection } from './trigger-section';
import { WhenSection } from './when-section';

export interface RuleBuilderFormProps {
  mode: 'create' | 'edit';
  defaultValues: RuleFormValues;
  schemas: readonly EventSchema[];
  programs: readonly LoyaltyProgram[];
  /** Edit: the rule, and its current expiry when the form cannot show it (kept unless changed). */
  ruleId?: string;
  currentExpiration?: PointsExpiration | null;
  keepExpiryLabel?: string;
  cancelTo: string;
  onSaved(ruleId: string): void;
}

function ActiveSwitch({ control }: { control: RuleBuilderFormControl }) {
  const { field } = useController({ control, name: 'active' });
  return (
    <FormControlLabel
      control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
      label={field.value ? 'Active: earns from the next event once saved' : 'Inactive: saved, but earns nothing until enabled'}
    />
  );
}

type RuleBuilderFormControl = ReturnType<typeof useForm<RuleFormValues>>['control'];

/**
 * The rule builder: trigger, points, expiry, when, limits and metadata, with the rule in words
 * beside it. Checked by the contract's schemas as it is filled in; the API's errors land next to
 * the field they name, or above the form when none fits.
 */
export function RuleBuilderForm({ mode, defaultValues, schemas, programs, ruleId, currentExpiration = null, keepExpiryLabel, cancelTo, onSaved }: RuleBuilderFormProps) {
  const schemaNames = useMemo(() => new Map(schemas.map((s) => [s.id, s.name])), [schemas]);
  const programNames = useMemo(() => new Map(programs.map((p) => [p.id, p.name])), [programs]);
  const eventNames = useMemo(() => schemas.map((s) => s.name), [schemas]);
  const { control, handleSubmit, setError, getValues } = useForm<RuleFormValues>({
    resolver: zodResolver(ruleFormSchema(mode, schemaNames)),
    defaultValues,
    mode: 'onTouched',
  });
  const create = useCreateEarningRule();
  const update = useUpdateEarningRule();
  const [formError, setFormError] = useState<unknown>(null);
  const formErrorRef = useRef<HTMLDivElement>(null);
  const eventSchemaId = useWatch({ control, name: 'eventSchemaId' });
  const schema = schemas.find((s) => s.id === eventSchemaId);

  useEffect(() => {
    if (formError !== null) formErrorRef.current?.focus();
  }, [formError]);

  const onError = (error: unknown) => {
    const placed = placeRuleApiError(errorObjectOf(error));
    const values = getValues();
    if (placed.length === 0 || placed.some(({ field }) => !isFieldShown(field, values))) return setFormError(error);
    placed.forEach(({ field, text }, i) => setError(field as FieldPath<RuleFormValues>, { type: 'api', message: text }, { shouldFocus: i === 0 }));
  };

  const submit = handleSubmit((values) => {
    setFormError(null);
    if (mode === 'create') {
      create.mutate({ programId: values.programId, rule: toCreateBody(values, schemaNames) }, { onSuccess: (rule) => onSaved(rule.id), onError });
      return;
    }
    // Enabling and disabling are the rule page's buttons; saving an edit leaves the status alone.
    const { active: _status, ...changes } = toUpdateBody(values);
    update.mutate({ programId: values.programId, ruleId: ruleId as string, changes }, { onSuccess: () => onSaved(ruleId as string), onError });
  });

  const saving = create.isPending || update.isPending;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        alignItems: 'start',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
        gridTemplateAreas: { xs: '"words" "form"', lg: '"form words"' },
      }}
    >
      <Box sx={{ gridArea: 'words', position: { lg: 'sticky' }, top: { lg: 88 } }}>
        <LiveDescription control={control} schemaNames={schemaNames} programNames={programNames} currentExpiration={currentExpiration} />
      </Box>
      <Paper component="form" noValidate onSubmit={submit} aria-label={mode === 'create' ? 'New earning rule' : 'Edit earning rule'} sx={{ gridArea: 'form', p: 3 }}>
        {formError !== null && (
          <Box ref={formErrorRef} tabIndex={-1} sx={{ mb: 2, outline: 'none' }}>
            <ErrorAlert error={formError} title="The rule was not saved" />
          </Box>
        )}
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          <FormSection id="rule-basics-heading" title="Rule">
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}>
              <FormTextField control={control} name="name" label="Name" helperText="Shown in the rules list and in each card transaction it makes." />
              <FormSelect
                control={control}
                name="programId"
                label="Loyalty program"
                disabled={mode === 'edit'}
                options={programs.map((p) => ({ value: p.id, label: p.name }))}
                helperText={mode === 'edit' ? 'The program whose cards earn.' : 'Members earn on their card of this program.'}
              />
            </Box>
          </FormSection>
          <Divider />
          <FormSection id="rule-trigger-heading" title="Trigger">
            <TriggerSection control={control} schemas={schemas} locked={mode === 'edit'} />
          </FormSection>
          <Divider />
          <FormSection id="rule-points-heading" title="Points">
            <PointsSection control={control} schema={schema} />
            <ExpirySection control={control} keepLabel={keepExpiryLabel} eventNames={eventNames} />
            <PendingSection control={control} />
          </FormSection>
          <Divider />
          <FormSection id="rule-when-heading" title="When it earns">
            <WhenSection control={control} />
          </FormSection>
          <Divider />
          <FormSection id="rule-limits-heading" title="Limits per card">
            <LimitsSection control={control} />
          </FormSection>
          <Divider />
          <FormSection id="rule-metadata-heading" title="Metadata">
            <MetadataSection control={control} />
          </FormSection>
          {mode === 'create' && <ActiveSwitch control={control} />}
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <Button type="submit" variant="contained" size="large" loading={saving}>
              {mode === 'create' ? 'Create rule' : 'Save changes'}
            </Button>
            <Button component={RouterLink} to={cancelTo} size="large">
              Cancel
            </Button>
          </Box>
        </Box>
      </Paper>
    </Box>
  );
}
