import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { oauthScopes, type OAuthScope } from '../../../../contract/oauth';

type ScopeOption = (typeof oauthScopes)[number];

const byName = new Map<OAuthScope, ScopeOption>(oauthScopes.map((option) => [option.scope, option]));
const groupOf = (option: ScopeOption) => (option.scope.startsWith('client_') ? 'Client-side API (/client/v1)' : 'Server-side API (/v1, /v2)');
// Grouped options must be sorted by group; inside a group the contract's order (broadest first) stays.
const options = [...oauthScopes].sort((a, b) => groupOf(b).localeCompare(groupOf(a)));
// Typing "points" finds loyalties: the search covers the explanation too.
const filterOptions = createFilterOptions<ScopeOption>({ stringify: (option) => `${option.scope} ${option.description}` });
const mono = 'ui-monospace, SFMono-Regular, Menlo, monospace';

interface ScopeSelectProps {
  value: OAuthScope[];
  onChange: (scopes: OAuthScope[]) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
}

/** The 42 scopes of SERVICE_SPEC §5, each with its one-line explanation, searchable by either. */
export function ScopeSelect({ value, onChange, onBlur, error, disabled }: ScopeSelectProps) {
  return (
    <Autocomplete
      multiple
      disableCloseOnSelect
      options={options}
      groupBy={groupOf}
      value={value.map((scope) => byName.get(scope)).filter((option): option is ScopeOption => option !== undefined)}
      onChange={(_event, next) => onChange(next.map((option) => option.scope))}
      onBlur={onBlur}
      disabled={disabled}
      filterOptions={filterOptions}
      getOptionLabel={(option) => option.scope}
      isOptionEqualToValue={(option, selected) => option.scope === selected.scope}
      renderOption={({ key, ...props }, option, { selected }) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start !important', py: 0.75 }}>
          <Typography variant="body2" sx={{ fontFamily: mono, fontWeight: selected ? 700 : 500 }}>
            {option.scope}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {option.description}
          </Typography>
        </Box>
      )}
      renderValue={(selected, getItemProps) =>
        selected.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={option.scope} title={option.description} sx={{ fontFamily: mono }} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="Scopes"
          placeholder={value.length === 0 ? 'Search by name or by what it opens, e.g. loyalties or points' : undefined}
          error={Boolean(error)}
          helperText={error ?? 'Each scope opens the endpoints under its path. api opens the whole server-side API.'}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'aria-required': true } }}
        />
      )}
    />
  );
}
