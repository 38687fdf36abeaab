import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { FormTextField } from './FormTextField.js';
import type { FormTextFieldProps } from './FormTextField.js';

/**
 * A password field with a show/hide toggle. The toggle keeps one name, "Show password", and
 * reports its state through aria-pressed (the ARIA toggle-button pattern), so its name never
 * contains the field's own label.
 */
export function PasswordFormField<Values extends FieldValues, Output extends FieldValues = Values>(
  props: Omit<FormTextFieldProps<Values, Output>, 'type' | 'slotProps'>,
) {
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label="Show password"
                aria-pressed={visible}
                edge="end"
                onClick={() => setVisible((shown) => !shown)}
                // Keep focus (and the caret) in the field while toggling with the mouse.
                onMouseDown={(event) => event.preventDefault()}
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
