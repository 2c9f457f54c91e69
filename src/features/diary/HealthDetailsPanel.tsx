import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import WarningIcon from '@mui/icons-material/WarningAmber';
import {
  DIARY_NOTE_MAX_LENGTH,
  PAIN_MAX,
  PAIN_MIN,
  STOOL_COLOURS,
  WARNING_COLOURS,
  type HealthDetails,
  type StoolColour,
} from '../../../core/diary';
import { noneOfTheQuestions, saidNoToEveryQuestion, tapQuestion } from '../../../core/health-details';
import { TextLink } from '../poops/TextLink';
import { COLOUR_LABELS, COLOUR_SWATCHES, DIARY_TEXT, DOCTOR_FAQ_ID, healthQuestions } from './diary-text';

const PAIN_LEVELS = Array.from({ length: PAIN_MAX - PAIN_MIN + 1 }, (_, i) => PAIN_MIN + i);
/** Big enough for a thumb (WCAG 2.5.8 asks 24 px; 40 here). */
const TAP = { minHeight: 40, minWidth: 40 } as const;
/** A chosen answer reads at a glance: filled with the app's colour, not a faint tint. */
const SELECTED = {
  '&.Mui-selected, &.Mui-selected:hover': { bgcolor: 'primary.main', color: 'primary.contrastText', borderColor: 'primary.main' },
} as const;

export interface HealthDetailsFieldsProps {
  value: HealthDetails;
  onChange: (next: HealthDetails) => void;
  disabled?: boolean;
  /** Prefix of the ids, so two panels on one page do not clash. */
  idPrefix: string;
}

/**
 * The private health details of a movement (issue 43), quick with one thumb: "what applied" as
 * a list of toggles (pressed = yes; once one is tapped, the others are a real no; "None of these"
 * says no to all; left alone = not answered), pain as a row of 0-10, the colour as one choice
 * among named swatches (red and black flagged as warning colours) and a free note. Blood or a
 * warning colour brings one calm sentence with a link to Help's "when to see a doctor".
 */
export function HealthDetailsFields({ value, onChange, disabled, idPrefix }: HealthDetailsFieldsProps) {
  const { t } = useLingui();
  const set = (patch: Partial<HealthDetails>) => onChange({ ...value, ...patch });
  const warning = value.colour !== null && WARNING_COLOURS.includes(value.colour);
  const guidance = warning || value.blood === true;
  const none = saidNoToEveryQuestion(value);
  const ids = { questions: `${idPrefix}-health-questions`, pain: `${idPrefix}-health-pain`, colour: `${idPrefix}-health-colour` };
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {DIARY_TEXT.detailsHelp}
      </Typography>
      <Box role="group" aria-labelledby={ids.questions}>
        <Typography id={ids.questions} component="p" variant="subtitle2" gutterBottom>
          {DIARY_TEXT.questions}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {healthQuestions().map(([key, label]) => (
            <ToggleButton
              key={key}
              value={key}
              size="small"
              color="primary"
              selected={value[key] === true}
              disabled={disabled}
              onChange={() => onChange(tapQuestion(value, key))}
              sx={{ ...TAP, ...SELECTED, textTransform: 'none', borderRadius: 5, px: 1.5 }}
            >
              {label}
            </ToggleButton>
          ))}
          <ToggleButton
            value="none"
            size="small"
            color="primary"
            selected={none}
            disabled={disabled}
            onChange={() => onChange(noneOfTheQuestions(value))}
            sx={{ ...TAP, ...SELECTED, textTransform: 'none', borderRadius: 5, px: 1.5 }}
          >
            {DIARY_TEXT.noneOfThese}
          </ToggleButton>
        </Box>
        {guidance && (
          <Typography id={`${ids.questions}-guidance`} variant="body2" sx={{ mt: 1 }}>
            {DIARY_TEXT.doctorGuidance}{' '}
            <TextLink to="/root/account/help" hash={DOCTOR_FAQ_ID}>
              {DIARY_TEXT.doctorGuidanceLink}
            </TextLink>
          </Typography>
        )}
      </Box>
      <Box>
        <Typography id={ids.pain} component="p" variant="subtitle2" gutterBottom>
          {DIARY_TEXT.pain}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={value.pain}
          disabled={disabled}
          aria-labelledby={ids.pain}
          onChange={(_, pain: number | null) => set({ pain })}
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(6, 1fr)',
            gap: 0.5,
            '& .MuiToggleButton-root': { ...TAP, ...SELECTED, border: 1, borderColor: 'divider', borderRadius: 1 },
          }}
        >
          {PAIN_LEVELS.map((level) => (
            <ToggleButton key={level} value={level} aria-label={t`Pain ${level}`}>
              {level}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Box>
        <Typography id={ids.colour} component="p" variant="subtitle2" gutterBottom>
          {DIARY_TEXT.colour}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={value.colour}
          disabled={disabled}
          aria-labelledby={ids.colour}
          aria-describedby={guidance ? `${ids.questions}-guidance` : undefined}
          onChange={(_, colour: StoolColour | null) => set({ colour })}
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1,
            '& .MuiToggleButton-root': {
              ...TAP,
              ...SELECTED,
              border: 1,
              borderColor: 'divider',
              borderRadius: 5,
              textTransform: 'none',
              px: 1.25,
            },
          }}
        >
          {STOOL_COLOURS.map((colour) => {
            const flagged = WARNING_COLOURS.includes(colour);
            return (
              <ToggleButton
                key={colour}
                value={colour}
                aria-label={flagged ? `${COLOUR_LABELS[colour]} (${DIARY_TEXT.warningColour})` : COLOUR_LABELS[colour]}
              >
                <Box
                  component="span"
                  aria-hidden="true"
                  sx={{
                    width: 14,
                    height: 14,
                    borderRadius: '50%',
                    bgcolor: COLOUR_SWATCHES[colour],
                    border: 1,
                    borderColor: 'text.secondary',
                    mr: 0.75,
                    flexShrink: 0,
                  }}
                />
                {COLOUR_LABELS[colour]}
                {flagged && <WarningIcon aria-hidden="true" fontSize="small" sx={{ ml: 0.5, color: 'warning.main' }} />}
              </ToggleButton>
            );
          })}
        </ToggleButtonGroup>
      </Box>
      <TextField
        id={`${idPrefix}-health-note`}
        label={DIARY_TEXT.note}
        value={value.note}
        onChange={(event) => set({ note: event.target.value })}
        disabled={disabled}
        multiline
        minRows={2}
        fullWidth
        slotProps={{ htmlInput: { maxLength: DIARY_NOTE_MAX_LENGTH } }}
        helperText={`${value.note.length} / ${DIARY_NOTE_MAX_LENGTH}`}
      />
    </Stack>
  );
}

/** The details on the create screen: collapsed behind one button until the author opens them. */
export function HealthDetailsPanel(props: HealthDetailsFieldsProps) {
  const [open, setOpen] = useState(false);
  const regionId = `${props.idPrefix}-health-region`;
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Button
        fullWidth
        color="inherit"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((was) => !was)}
        endIcon={<ExpandMoreIcon sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />}
        sx={{ justifyContent: 'space-between', textTransform: 'none', py: 1.5, px: 2, fontSize: '1rem' }}
      >
        {DIARY_TEXT.detailsToggle}
      </Button>
      <Collapse in={open}>
        <Box id={regionId} role="region" aria-label={DIARY_TEXT.detailsToggle} sx={{ px: 2, pb: 2 }}>
          <HealthDetailsFields {...props} />
        </Box>
      </Collapse>
    </Box>
  );
}
