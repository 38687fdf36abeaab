import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { Controller } from 'react-hook-form';
import type { Control, FieldValues, Path } from 'react-hook-form';

interface FormSwitchProps<Values extends FieldValues, Output extends FieldValues = Values> {
  control: Control<Values, unknown, Output>;
  name: Path<Values>;
  label: string;
  helperText?: string;
  disabled?: boolean;
  /** Called after the value changes, with the new value. */
  onToggle?: (checked: boolean) => void;
}

/** An MUI Switch bound to a boolean react-hook-form field; its label is its accessible name. */
export function FormSwitch<Values extends FieldValues, Output extends FieldValues = Values>({
  control,
  name,
  label,
  helperText,
  disabled,
  onToggle,
}: FormSwitchProps<Values, Output>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, onChange, onBlur } }) => (
        <div>
          <FormControlLabel
            label={label}
            disabled={disabled}
            control={
              <Switch
                slotProps={{ input: { ref } }}
                checked={Boolean(value)}
                onBlur={onBlur}
                onChange={(_event, checked) => {
                  onChange(checked);
                  onToggle?.(checked);
                }}
              />
            }
          />
          {helperText && <FormHelperText sx={{ mt: -0.5, mb: 1 }}>{helperText}</FormHelperText>}
        </div>
      )}
    />
  );
}
