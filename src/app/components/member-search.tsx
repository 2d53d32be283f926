import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { MemberSearchResult } from '../../contract/member-search';
import { useFindMembers } from '../api/find-members';
import { memberPath } from '../config/paths';
import { errorObjectOf } from '../lib/api-error';
import { formatNumber } from '../lib/format';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { CloseIcon, SearchIcon } from './search-icons';

const debounceMs = 250;

function holderLabel(option: MemberSearchResult): string {
  return option.holder.name ?? option.holder.email ?? option.holder.source_id ?? option.code;
}

/** The search field: type part of an email, name, source id or card code; arrows and Enter open a card. */
function MemberSearchField({ autoFocus, onDone }: { autoFocus?: boolean; onDone?: () => void }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const settled = useDebouncedValue(text, debounceMs);
  const found = useFindMembers(settled);
  const typing = text.trim() !== settled.trim();
  const options = text.trim() ? (found.data?.members ?? []) : [];
  const noOptionsText = !text.trim()
    ? 'Type an email, name, customer ID or card code'
    : found.isError
      ? `Search failed: ${errorObjectOf(found.error).message}`
      : typing || found.isFetching
        ? 'Searching…'
        : 'No member matches';

  return (
    <Autocomplete<MemberSearchResult, false, false, false>
      options={options}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.code}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      value={null}
      inputValue={text}
      onInputChange={(_event, value, reason) => {
        if (reason !== 'reset') setText(value);
      }}
      onChange={(_event, option) => {
        if (!option) return;
        setText('');
        onDone?.();
        void navigate(memberPath(option.code));
      }}
      loading={typing || found.isFetching}
      loadingText="Searching…"
      noOptionsText={noOptionsText}
      autoHighlight
      blurOnSelect
      fullWidth
      size="small"
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start !important', gap: 0.25 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {holderLabel(option)}
            {option.holder.email && option.holder.name ? (
              <Typography component="span" variant="body2" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                {' '}
                · {option.holder.email}
              </Typography>
            ) : null}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {option.code} · {option.campaign_name} · {formatNumber(option.balance)} points
          </Typography>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          autoFocus={autoFocus}
          placeholder="Email, name, ID or card code"
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'aria-label': 'Find a member' },
            input: { ...params.slotProps.input, startAdornment: <SearchIcon fontSize="small" sx={{ color: 'text.secondary', ml: 0.5 }} aria-hidden /> },
          }}
          sx={{ bgcolor: 'background.paper', borderRadius: 1, '& .MuiOutlinedInput-notchedOutline': { border: 0 } }}
        />
      )}
    />
  );
}

/**
 * The header's member search. Wide screens show the field; on a phone a search button opens it
 * across the whole app bar, so the header never wraps.
 */
export default function MemberSearch() {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const [open, setOpen] = useState(false);

  if (!phone) {
    return (
      <Box role="search" sx={{ width: { md: 300, lg: 380 }, mx: 2 }}>
        <MemberSearchField />
      </Box>
    );
  }
  return (
    <>
      <IconButton color="inherit" aria-label="Find a member" aria-expanded={open} onClick={() => setOpen(true)}>
        <SearchIcon />
      </IconButton>
      {open && (
        <Box
          role="search"
          sx={{ position: 'absolute', inset: 0, zIndex: 1, display: 'flex', alignItems: 'center', gap: 1, px: 1, bgcolor: 'primary.main' }}
          onKeyDown={(event) => {
            // The first Escape closes the suggestions (Autocomplete), the next one the search.
            if (event.key === 'Escape' && !(event.target instanceof HTMLElement && event.target.getAttribute('aria-expanded') === 'true')) setOpen(false);
          }}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <MemberSearchField autoFocus onDone={() => setOpen(false)} />
          </Box>
          <IconButton color="inherit" aria-label="Close the search" onClick={() => setOpen(false)}>
            <CloseIcon />
          </IconButton>
        </Box>
      )}
    </>
  );
}
