import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

type FormTextFieldProps<T extends FieldValues, TTransformed> = Omit<TextFieldProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error'> & {
  /** The form's control; its submitted (transformed) type does not matter here. */
  control: Control<T, unknown, TTransformed>;
  name: FieldPath<T>;
};

/**
 * An MUI TextField bound to react-hook-form. The field's error (from the schema or set from an API
 * error) replaces the helper text, so the message sits next to the field it concerns.
 */
export function FormTextField<T extends FieldValues, TTransformed = T>({ control, name, helperText, ...props }: FormTextFieldProps<T, TTransformed>) {
  const {
    field: { ref, value, ...field },
    fieldState,
  } = useController({ control, name });
  return (
    <TextField
      {...props}
      {...field}
      value={value ?? ''}
      inputRef={ref}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}
