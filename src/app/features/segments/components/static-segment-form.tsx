import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { customerLookupLimit, staticSegmentLimit, staticSegmentRequestSchema, type Segment } from '../../../../contract/segment';
import { ErrorAlert } from '../../../components/error-alert';
import { FormTextField } from '../../../components/form-text-field';
import { errorObjectOf } from '../../../lib/api-error';
import { nameErrorOf } from '../model/name-error';
import { formatNumber } from '../../../lib/format';
import { useCreateSegment } from '../api/create-segment';
import { lookupCustomers } from '../api/lookup-customers';
import { lookupReport, unknownLinesText, type LookupReport } from '../model/lookup-report';
import { useParsedIds } from '../model/use-parsed-ids';
import { IdCounts } from './id-counts';

const nameSchema = z.object({ name: staticSegmentRequestSchema.shape.name });
type NameForm = z.input<typeof nameSchema>;

/** The title of a failed create: unknown ids get their own, since nothing else went wrong. */
function failureTitle(error: unknown): string {
  const object = errorObjectOf(error);
  if (object.key === 'not_found' && object.resource_type === 'customer') return 'Some customer ids are unknown: the segment was not created';
  return 'The segment was not created';
}

/**
 * A static segment from up to 20,000 pasted or uploaded (CSV/TXT) customer ids or source ids. The
 * text is parsed in a Web Worker and the counts shown before anything is sent; on create, the
 * entries are looked up (ids and source ids alike), and entries that name no customer are reported
 * by line: the agent fixes them, or creates the segment without them with a second click.
 */
export function StaticSegmentForm({ onCreated }: { onCreated: (segment: Segment) => void }) {
  const { control, handleSubmit, setError } = useForm<NameForm, unknown, z.output<typeof nameSchema>>({ resolver: zodResolver(nameSchema), defaultValues: { name: '' } });
  const [text, setText] = useState('');
  const [fileNote, setFileNote] = useState<string | null>(null);
  const { parsed, parsing } = useParsedIds(text);
  const create = useCreateSegment();
  const [failure, setFailure] = useState<unknown>(null);
  const [looking, setLooking] = useState(false);
  /** The lookup of the text as it is now; any edit drops it. */
  const [report, setReport] = useState<(LookupReport & { text: string }) | null>(null);
  const current = report && report.text === text ? report : null;
  const failureRef = useRef<HTMLDivElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (failure !== null) failureRef.current?.focus();
  }, [failure]);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const content = await file.text();
    if (textareaRef.current) textareaRef.current.value = content;
    setText(content);
    setFileNote(`Loaded ${file.name} (${formatNumber(Math.ceil(file.size / 1024))} KB)`);
  }

  const ids = parsed?.ids ?? [];
  const idsProblem = !text.trim() ? 'Paste or upload customer ids or source ids' : parsed?.overLimit ? `At most ${formatNumber(customerLookupLimit)} entries can be checked at once: remove ${formatNumber(ids.length - customerLookupLimit)}` : !parsing && ids.length === 0 ? 'No customer ids found in the text' : null;
  const [showIdsProblem, setShowIdsProblem] = useState(false);
  const idsError = showIdsProblem ? idsProblem : null;

  const submit = handleSubmit(async ({ name }) => {
    setFailure(null);
    if (idsProblem || parsing || !parsed) {
      setShowIdsProblem(true);
      return;
    }
    let found = current;
    if (!found) {
      setLooking(true);
      try {
        found = { ...lookupReport(parsed.ids, parsed.lines, await lookupCustomers(parsed.ids)), text };
      } catch (error) {
        setFailure(error);
        return;
      } finally {
        setLooking(false);
      }
      setReport(found);
      // Unknown entries are shown first; a second click creates the segment without them.
      if (found.unknown.length > 0) return;
    }
    if (found.customerIds.length === 0 || found.customerIds.length > staticSegmentLimit) return;
    create.mutate(
      { name, type: 'static', customers: found.customerIds },
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
    <Paper component="form" noValidate onSubmit={submit} aria-labelledby="static-form-heading" sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      <Typography id="static-form-heading" variant="h2">
        Static segment
      </Typography>
      {failure !== null && (
        <Box ref={failureRef} tabIndex={-1} sx={{ outline: 'none' }}>
          <ErrorAlert error={failure} title={failureTitle(failure)} />
        </Box>
      )}
      <FormTextField control={control} name="name" label="Segment name" autoComplete="off" slotProps={{ htmlInput: { 'aria-required': true } }} />
      <Box>
        <FormLabel htmlFor="segment-customer-ids" sx={{ display: 'block', mb: 0.75, typography: 'body2' }}>
          Customer ids or source ids
        </FormLabel>
        {/*
          A plain uncontrolled textarea: React never writes its 20,000 lines back, and focus is shown
          with a pseudo-class, so no class change makes the browser lay the text out again.
        */}
        <Box
          component="textarea"
          id="segment-customer-ids"
          ref={textareaRef}
          rows={10}
          spellCheck={false}
          aria-required
          aria-invalid={idsError !== null}
          aria-describedby="segment-customer-ids-help"
          placeholder={'cust_…\ndemo-customer-01'}
          onChange={(event: ChangeEvent<HTMLTextAreaElement>) => {
            setText(event.target.value);
            setFileNote(null);
            setShowIdsProblem(false);
          }}
          sx={{
            display: 'block',
            width: '100%',
            boxSizing: 'border-box',
            p: 1.5,
            font: '13px/1.5 monospace',
            color: 'text.primary',
            bgcolor: 'background.paper',
            border: 1,
            borderColor: idsError ? 'error.main' : 'grey.400',
            borderRadius: 1,
            resize: 'vertical',
            '&:focus': { outline: 2, outlineColor: 'primary.main', outlineOffset: -1 },
          }}
        />
        <FormHelperText id="segment-customer-ids-help" error={idsError !== null} sx={{ mx: 1.75 }}>
          {idsError ?? `Up to ${formatNumber(staticSegmentLimit)} customer ids (cust_…) or your own source ids, separated by commas, semicolons, spaces or new lines.`}
        </FormHelperText>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1 }}>
          <Button component="label" variant="outlined" size="small">
            Upload CSV or TXT
            <input type="file" accept=".csv,.txt,text/csv,text/plain" hidden onChange={(event) => void upload(event)} aria-label="Upload a CSV or TXT file of customer ids" />
          </Button>
          {fileNote && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {fileNote}
            </Typography>
          )}
        </Box>
      </Box>
      <IdCounts parsed={parsed} parsing={parsing} />
      {current && current.unknown.length > 0 && (
        <Alert severity={current.customerIds.length ? 'warning' : 'error'} aria-label="Entries that are no customer">
          {`${formatNumber(current.unknown.length)} ${current.unknown.length === 1 ? 'entry names' : 'entries name'} no customer of this project, by customer id or source id: ${unknownLinesText(current.unknown)}. `}
          {current.customerIds.length ? 'Correct them, or create the segment without them.' : 'No entry names a customer: check the list.'}
        </Alert>
      )}
      {parsed?.overSegment && !current && (
        <Alert severity={parsed.overLimit ? 'error' : 'warning'}>{`${formatNumber(parsed.ids.length)} distinct entries: a static segment holds at most ${formatNumber(staticSegmentLimit)} customers. Entries that name no customer (a header line, a typo) are left out when you create it.`}</Alert>
      )}
      {current && current.customerIds.length > staticSegmentLimit && (
        <Alert severity="error">{`The entries name ${formatNumber(current.customerIds.length)} customers: a static segment holds at most ${formatNumber(staticSegmentLimit)}. Remove ${formatNumber(current.customerIds.length - staticSegmentLimit)}.`}</Alert>
      )}
      <Box>
        <Button type="submit" variant="contained" size="large" loading={create.isPending || looking} disabled={parsed?.overLimit || (current !== null && (current.customerIds.length === 0 || current.customerIds.length > staticSegmentLimit))}>
          {current && current.unknown.length > 0 && current.customerIds.length > 0
            ? `Create segment of ${formatNumber(current.customerIds.length)} customers, without the ${formatNumber(current.unknown.length)} unknown`
            : ids.length && !parsing
              ? `Create segment of ${formatNumber(ids.length)} customers`
              : 'Create segment'}
        </Button>
      </Box>
    </Paper>
  );
}
