import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LocationIcon from '@mui/icons-material/MyLocationOutlined';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import { LOCATION_MESSAGES, type PostLocationState } from './use-post-location';

/** The coordinates for people: '40.7128, -74.0060'. */
const coordinates = (latitude: number, longitude: number) => `${latitude.toFixed(4)}, ${longitude.toFixed(4)}`;

/** Optional location: "Add location", then the place name (or the coordinates while it is looked up). */
export function LocationField({ state, disabled }: { state: PostLocationState; disabled?: boolean }) {
  const { location, locating, error, permission, locate, remove } = state;
  if (location !== null) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <PlaceIcon color="action" aria-hidden />
        <Typography role="status" sx={{ flex: 1, minWidth: 0, overflowWrap: 'break-word' }}>
          {location.placeLoading
            ? `Finding the place name… (${coordinates(location.latitude, location.longitude)})`
            : location.placeName || coordinates(location.latitude, location.longitude)}
        </Typography>
        <Button size="small" onClick={remove} disabled={disabled}>
          Remove location
        </Button>
      </Stack>
    );
  }
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        startIcon={locating ? <CircularProgress size={18} aria-hidden /> : <LocationIcon />}
        onClick={locate}
        disabled={disabled || locating}
      >
        {locating ? 'Finding your location…' : 'Add location'}
      </Button>
      {(error ?? (permission === 'denied' ? LOCATION_MESSAGES.denied : null)) && (
        <Alert severity="warning" sx={{ width: '100%' }}>
          {error ?? LOCATION_MESSAGES.denied}
        </Alert>
      )}
    </Stack>
  );
}
