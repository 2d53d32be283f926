import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { dynamicSegmentRequestSchema, type Segment } from '../../../../contract/segment';
import { ErrorAlert } from '../../../components/error-alert';
import { FormTextField } from '../../../components/form-text-field';
import { errorObjectOf } from '../../../lib/api-error';
import { nameErrorOf } from '../model/name-error';
import { sayApiError } from '../../../lib/api-error-words';
import { formatNumber } from '../../../lib/format';
import { useCreateSegment } from '../api/create-segment';
import { useSegmentPreview } from '../api/preview-segment';
import { buildFilter, emptyGroup, type ConditionGroup } from '../model/filter-builder';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { ConditionGroupEditor } from './condition-group-editor';

const formSchema = z.object({ name: dynamicSegmentRequestSchema.shape.name, type: dynamicSegmentRequestSchema.shape.type });
type FormValues = z.input<typeof formSchema>;

const typeHelp = {
  'auto-update': 'Customers enter and leave as their data changes; entering and leaving are recorded as customer.segment.entered / left events.',
  passive: 'Customers enter and leave as their data changes, silently (no events).',
} as const;

function PreviewCount({ filter, problem }: { filter: ReturnType<typeof buildFilter>['filter']; problem: string | undefined }) {
  const preview = useSegmentPreview(filter);
  let text: string;
  if (problem) text = problem;
  else if (preview.isError) text = `No preview: ${sayApiError(errorObjectOf(preview.error))}`;
  else if (preview.data) text = `${formatNumber(preview.data.total)} ${preview.data.total === 1 ? 'customer matches' : 'customers match'} now`;
  else text = 'Counting matching customers…';
  return (
    <Box role="status" aria-live="polite" aria-label="Preview" sx={{ p: 2, borderRadius: 1, bgcolor: problem || preview.isError ? 'action.hover' : 'primary.50', border: 1, borderColor: 'divider' }}>
      <Typography variant="body1" sx={{ fontWeight: problem ? 400 : 600, opacity: preview.isFetching ? 0.6 : 1 }}>
        {text}
      </Typography>
    </Box>
  );
}

/** An auto-update or passive segment: a condition builder with a live count of matching customers. */
export function FilterSegmentForm({ onCreated }: { onCreated: (segment: Segment) => void }) {
  const { control, handleSubmit, setError, register } = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: '', type: 'auto-update' },
  });
  const [group, setGroup] = useState<ConditionGroup>(() => emptyGroup());
  const built = useMemo(() => buildFilter(group), [group]);
  // Previews wait for a pause in typing; the key is the filter's JSON so equal filters share a count.
  const settled = useDebouncedValue(JSON.stringify(built), 400);
  const debounced = useMemo(() => JSON.parse(settled) as ReturnType<typeof buildFilter>, [settled]);
  const create = useCreateSegment();
  const [failure, setFailure] = useState<unknown>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const type = useWatch({ control, name: 'type' });

  useEffect(() => {
    if (failure !== null) failureRef.current?.focus();
  }, [failure]);

  const submit = handleSubmit(({ name, type: segmentType }) => {
    setFailure(null);
    if (!built.filter) {
      setFailure(new Error(built.problem));
      return;
    }
    create.mutate(
      { name, type: segmentType, filter: built.filter },
      {
        onSuccess: onCreated,
        onError: (error) => {
          const nameError = nameErrorOf(errorObjectOf(error));
          if (nameError) setError('name', { type: 'api', message: nameError }, { shouldFocus: true });
          else setFailure(error);
        },
      },
    );
  });

  return (
    <Paper component="form" noValidate onSubmit={submit} aria-labelledby="filter-form-heading" sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      <Typography id="filter-form-heading" variant="h2">
        Segment by filter
      </Typography>
      {failure !== null && (
        <Box ref={failureRef} tabIndex={-1} sx={{ outline: 'none' }}>
          <ErrorAlert error={failure} title="The segment was not created" />
        </Box>
      )}
      <FormTextField control={control} name="name" label="Segment name" autoComplete="off" slotProps={{ htmlInput: { 'aria-required': true } }} />
      <Box>
        <FormLabel id="segment-type-label" sx={{ typography: 'body2' }}>
          Type
        </FormLabel>
        <RadioGroup row aria-labelledby="segment-type-label" value={type}>
          <FormControlLabel value="auto-update" control={<Radio {...register('type')} />} label="Auto-update (active)" />
          <FormControlLabel value="passive" control={<Radio {...register('type')} />} label="Passive" />
        </RadioGroup>
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
          {typeHelp[type]}
        </Typography>
      </Box>
      <ConditionGroupEditor
        group={group}
        path=""
        depth={0}
        onChange={setGroup}
      />
      <PreviewCount filter={debounced.filter} problem={debounced.problem} />
      <Box>
        <Button type="submit" variant="contained" size="large" loading={create.isPending}>
          Create {type} segment
        </Button>
      </Box>
    </Paper>
  );
}
