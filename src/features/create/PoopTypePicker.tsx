import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { isPoopType, POOP_TYPES, type PoopType } from '../../../core/poop';
import { poopTypeLabel } from '../poops/poop-type-labels';
import { PoopTypeDrawing } from '../poops/PoopTypeDrawing';
import { Trans } from '@lingui/react/macro';
import { useLingui } from '@lingui/react';

export interface PoopTypePickerProps {
  value: PoopType | null;
  onChange: (type: PoopType) => void;
  error?: string;
  disabled?: boolean;
  /** Prefix of the ids, so two pickers on one page do not clash. */
  idPrefix: string;
  /** A private diary entry: Other is not "reviewed before it is shown" there. */
  diary?: boolean;
}

/** The nine types as a radio group, each drawn and named in words ('Type 4 — Smooth, soft sausage or snake'). */
export function PoopTypePicker({ value, onChange, error, disabled, idPrefix, diary = false }: PoopTypePickerProps) {
  // The types are worded again when the language changes.
  useLingui();
  const labelId = `${idPrefix}-type-label`;
  const helpId = `${idPrefix}-type-help`;
  return (
    <FormControl component="fieldset" error={error !== undefined} disabled={disabled}>
      <FormLabel component="legend" id={labelId}>
        <Trans>Type (Bristol stool scale)</Trans>
      </FormLabel>
      <RadioGroup
        name={`${idPrefix}-type`}
        value={value ?? ''}
        aria-labelledby={labelId}
        aria-describedby={error !== undefined ? helpId : undefined}
        onChange={(event) => {
          if (isPoopType(event.target.value)) onChange(event.target.value);
        }}
      >
        {POOP_TYPES.map((type) => (
          <FormControlLabel
            key={type}
            value={type}
            control={<Radio size="small" />}
            label={
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', py: 0.25 }}>
                <PoopTypeDrawing type={type} size={40} />
                <span>{poopTypeLabel(type, { diary })}</span>
              </Stack>
            }
          />
        ))}
      </RadioGroup>
      {error !== undefined && <FormHelperText id={helpId}>{error}</FormHelperText>}
    </FormControl>
  );
}
