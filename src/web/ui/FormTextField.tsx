import TextField from '@mui/material/TextField';
import type { TextFieldProps } from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import type { Control, FieldValues, Path } from 'react-hook-form';

export type FormTextFieldProps<Values extends FieldValues, Output extends FieldValues = Values> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'
> & {
  control: Control<Values, unknown, Output>;
  name: Path<Values>;
};

/** An MUI TextField bound to a react-hook-form field; the field's validation message is its helper text. */
export function FormTextField<Values extends FieldValues, Output extends FieldValues = Values>({
  control,
  name,
  helperText,
  ...textFieldProps
}: FormTextFieldProps<Values, Output>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, ...field }, fieldState }) => (
        <TextField {...textFieldProps} {...field} inputRef={ref} error={fieldState.invalid} helperText={fieldState.error?.message ?? helperText} />
      )}
    />
  );
}
