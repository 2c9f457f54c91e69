import { useId, type ChangeEvent, type HTMLAttributes } from 'react';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

interface OutlinedTextFieldProps {
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoFocus?: boolean;
  fullWidth?: boolean;
}

/**
 * MUI's outlined TextField as it renders, from its own parts (FormControl, InputLabel,
 * OutlinedInput), for the landing's sign-in form: TextField also brings Select, and with it
 * Menu, Popover, Modal and List, which the first page a visitor loads does not need.
 */
export function OutlinedTextField({
  label,
  value,
  onChange,
  type = 'text',
  autoComplete,
  inputMode,
  autoFocus,
  fullWidth,
}: OutlinedTextFieldProps) {
  const id = useId();
  return (
    <FormControl variant="outlined" fullWidth={fullWidth}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        value={value}
        onChange={onChange}
        inputProps={{ inputMode }}
      />
    </FormControl>
  );
}
