import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import { useLingui } from '@lingui/react/macro';

/** Where the post was made, when its author added a place; nothing otherwise. */
export function PoopPlace({ placeName }: { placeName: string }) {
  const { t } = useLingui();
  if (placeName.trim() === '') return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <PlaceIcon fontSize="small" color="action" titleAccess={t`Place`} />
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'break-word' }}>
        {placeName}
      </Typography>
    </Stack>
  );
}
