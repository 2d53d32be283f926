import Autocomplete, { type AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForkRef } from '@mui/material/utils';
import { useMemo, type Ref } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { ErrorAlert } from '../../../components/error-alert';
import { FormTextField } from '../../../components/form-text-field';
import { useLoyaltyPrograms } from '../../../api/get-loyalty-programs';
import { memberChoicesLimit, useMemberChoices } from '../../../api/get-program-members';
import { useCardHolders } from '../../../api/get-card-holders';
import { holderDisplay } from '../../../lib/holder-display';
import type { CardBy, ExportFormControl } from '../model/export-form';

const monospace = 'ui-monospace, SFMono-Regular, Menlo, monospace';

function ProgramField({ control }: { control: ExportFormControl }) {
  const programs = useLoyaltyPrograms();
  const { field, fieldState } = useController({ control, name: 'programId' });
  const list = programs.data?.campaigns ?? [];
  return (
    <>
      <TextField
        id="export-program"
        select
        label="Loyalty program"
        value={list.some((program) => program.id === field.value) ? field.value : ''}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
        inputRef={field.ref}
        disabled={programs.isPending}
        error={fieldState.error !== undefined}
        helperText={fieldState.error?.message ?? (programs.isPending ? 'Loading loyalty programs…' : undefined)}
      >
        {list.map((program) => (
          <MenuItem key={program.id} value={program.id}>
            {program.name}
          </MenuItem>
        ))}
      </TextField>
      {programs.isError && <ErrorAlert error={programs.error} title="Could not load the loyalty programs" onRetry={() => void programs.refetch()} />}
    </>
  );
}

interface MemberInputProps {
  params: AutocompleteRenderInputParams;
  field: { ref: Ref<HTMLInputElement>; onBlur: () => void };
  error: string | undefined;
  helper: string;
}

/** The member text box; its ref is shared by the Autocomplete and the form (focus on an API error). */
function MemberInput({ params, field, error, helper }: MemberInputProps) {
  const ref = useForkRef(params.slotProps.htmlInput.ref as Ref<HTMLInputElement>, field.ref);
  return (
    <TextField
      {...params}
      label="Member (card code)"
      onBlur={field.onBlur}
      error={error !== undefined}
      helperText={error ?? helper}
      slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, ref, spellCheck: false } }}
    />
  );
}

/** The member: one of the program's most recently changed cards, or any code typed in. */
function MemberField({ control, programId }: { control: ExportFormControl; programId: string }) {
  const members = useMemberChoices(programId || undefined);
  const { field, fieldState } = useController({ control, name: 'memberCode' });
  const cards = useMemo(() => members.data?.vouchers ?? [], [members.data]);
  const programs = useLoyaltyPrograms();
  const programName = programs.data?.campaigns.find((program) => program.id === programId)?.name ?? '';
  const holderIds = useMemo(() => [...new Set(cards.flatMap((card) => (card.holder_id ? [card.holder_id] : [])))], [cards]);
  const holders = useCardHolders(programName, holderIds);
  const holderOf = new Map(cards.map((card) => [card.code, holderDisplay(card.holder_id ? holders.data?.get(card.holder_id) : undefined, card.holder_id).primary]));
  const helper = !programId
    ? 'Choose the program first.'
    : members.isPending
      ? 'Loading members…'
      : `The ${Math.min(cards.length, memberChoicesLimit)} most recently changed cards; type any other code.`;
  return (
    <>
      <Autocomplete
        freeSolo
        disabled={!programId}
        options={cards.map((card) => card.code)}
        inputValue={field.value ?? ''}
        onInputChange={(_event, value) => field.onChange(value)}
        renderOption={({ key, ...props }, code) => (
          <li key={key} {...props}>
            <Box>
              <Box sx={{ fontFamily: monospace }}>{code}</Box>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {holderOf.get(code) ?? 'Not published yet'}
              </Typography>
            </Box>
          </li>
        )}
        renderInput={(params) => <MemberInput params={params} field={field} error={fieldState.error?.message} helper={helper} />}
      />
      {members.isError && <ErrorAlert error={members.error} title="Could not load the members" onRetry={() => void members.refetch()} />}
    </>
  );
}

/** Which card to export: a program and one of its members, or a card code alone. */
export function CardChooser({ control, onCardByChanged }: { control: ExportFormControl; onCardByChanged: () => void }) {
  const { field } = useController({ control, name: 'cardBy' });
  const programId = useWatch({ control, name: 'programId' });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <FormLabel id="export-card-by-label" sx={{ typography: 'body2' }}>
          Choose the card by
        </FormLabel>
        <RadioGroup
          row
          aria-labelledby="export-card-by-label"
          value={field.value}
          onChange={(event) => {
            field.onChange(event.target.value as CardBy);
            onCardByChanged();
          }}
        >
          <FormControlLabel value="member" control={<Radio />} label="Program and member" />
          <FormControlLabel value="code" control={<Radio />} label="Card code" />
        </RadioGroup>
      </Box>
      {field.value === 'member' ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          <ProgramField control={control} />
          <MemberField control={control} programId={programId} />
        </Box>
      ) : (
        <FormTextField
          control={control}
          name="code"
          label="Card code"
          helperText="The code on the loyalty card, in any program."
          autoComplete="off"
          slotProps={{ htmlInput: { spellCheck: false, 'aria-required': true } }}
          sx={{ maxWidth: 360 }}
        />
      )}
    </Box>
  );
}
