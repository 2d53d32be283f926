import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { eventGroups } from '../model/event-choices';

interface EventPickerProps {
  value: string[];
  onChange: (choices: string[]) => void;
  /** Names set through the API that no choice stands for: said, and kept. */
  kept: string[];
  error?: string;
  disabled?: boolean;
}

/** The events to send, grouped and in plain words; a group's box picks or drops all of it. */
export function EventPicker({ value, onChange, kept, error, disabled }: EventPickerProps) {
  const chosen = new Set(value);
  const toggle = (ids: string[], on: boolean) => onChange(on ? [...new Set([...value, ...ids])] : value.filter((id) => !ids.includes(id)));
  return (
    <Box component="fieldset" aria-describedby={error ? 'event-picker-error' : undefined} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
        What to send
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}>
        {eventGroups.map((group) => {
          const ids = group.choices.map((choice) => choice.id);
          const on = ids.filter((id) => chosen.has(id)).length;
          return (
            <Box key={group.label} component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, pb: 1, pt: 0.5, m: 0, minWidth: 0 }}>
              <Box component="legend" sx={{ px: 0.5 }}>
                <FormControlLabel
                  label={<Typography sx={{ fontWeight: 600 }}>{group.label}</Typography>}
                  control={<Checkbox checked={on === ids.length} indeterminate={on > 0 && on < ids.length} onChange={(event) => toggle(ids, event.target.checked)} disabled={disabled} />}
                />
              </Box>
              {group.choices.map((choice) => (
                <FormControlLabel
                  key={choice.id}
                  sx={{ display: 'flex', alignItems: 'flex-start', ml: 0, mb: 0.5 }}
                  control={<Checkbox checked={chosen.has(choice.id)} onChange={(event) => toggle([choice.id], event.target.checked)} disabled={disabled} sx={{ pt: 0.25 }} />}
                  label={
                    <Box sx={{ minWidth: 0 }}>
                      <Typography variant="body2">{choice.label}</Typography>
                      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
                        {choice.hint}
                      </Typography>
                    </Box>
                  }
                />
              ))}
            </Box>
          );
        })}
      </Box>
      {kept.length > 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          Also sent, as set up through the API: {kept.join(', ')}.
        </Typography>
      )}
      {error && (
        <FormHelperText id="event-picker-error" error sx={{ whiteSpace: 'pre-line' }}>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
