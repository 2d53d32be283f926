import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController } from 'react-hook-form';
import type { RuleFormControl, RuleFormValues } from '../../model/rule-form';

type SelectField = { [K in keyof RuleFormValues]: RuleFormValues[K] extends string ? K : never }[keyof RuleFormValues];

interface FormSelectProps extends Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'select' | 'children'> {
  control: RuleFormControl;
  name: SelectField;
  options: readonly { value: string; label: string }[];
}

/** A labelled MUI select bound to one builder field; its error replaces the helper text. */
export function FormSelect({ control, name, options, helperText, ...props }: FormSelectProps) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      {...props}
      select
      name={field.name}
      value={field.value}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message ?? helperText}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
