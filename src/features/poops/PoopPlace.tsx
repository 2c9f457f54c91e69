import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';

/** Where the post was made, when its author added a place; nothing otherwise. */
export function PoopPlace({ placeName }: { placeName: string }) {
  if (placeName.trim() === '') return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <PlaceIcon fontSize="small" color="action" titleAccess="Place" />
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'break-word' }}>
        {placeName}
      </Typography>
    </Stack>
  );
}
