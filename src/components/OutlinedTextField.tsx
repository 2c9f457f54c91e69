import { useId, type ChangeEvent, type HTMLAttributes, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
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
  /** What is wrong with the value: shown under the field, which is then marked invalid. */
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
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
  error,
  inputRef,
}: OutlinedTextFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl variant="outlined" fullWidth={fullWidth} error={error !== undefined}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        value={value}
        onChange={onChange}
        inputRef={inputRef}
        inputProps={{
          inputMode,
          'aria-invalid': error !== undefined,
          'aria-describedby': error === undefined ? undefined : helperId,
        }}
      />
      {error !== undefined && <FormHelperText id={helperId}>{error}</FormHelperText>}
    </FormControl>
  );
}
