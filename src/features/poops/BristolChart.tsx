import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { POOP_TYPES } from '../../../core/poop';
import { poopTypeDescription, poopTypeName } from './poop-type-labels';
import { PoopTypeDrawing } from './PoopTypeDrawing';
import { useLingui } from '@lingui/react';

/** The nine types with their drawings and meaning, as the create screen's picker shows them. */
export function BristolChart({ label }: { label: string }) {
  // The types are worded again when the language changes.
  useLingui();
  return (
    <List dense aria-label={label} sx={{ py: 0 }}>
      {POOP_TYPES.map((type) => (
        <ListItem key={type} disableGutters sx={{ gap: 1.5 }}>
          <PoopTypeDrawing type={type} />
          <Typography variant="body2">
            <strong>{poopTypeName(type)}</strong> — {poopTypeDescription(type)}
          </Typography>
        </ListItem>
      ))}
    </List>
  );
}
