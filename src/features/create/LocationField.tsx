import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LocationIcon from '@mui/icons-material/MyLocationOutlined';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import { Trans, useLingui } from '@lingui/react/macro';
import { LOCATION_MESSAGES, type PostLocationState } from './use-post-location';

/** The coordinates for people: '40.7128, -74.0060' ('40,7128, -74,0060' where the comma is the decimal mark). */
const coordinates = (latitude: number, longitude: number, locale: string) => {
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: 4, maximumFractionDigits: 4, useGrouping: false });
  return `${number.format(latitude)}, ${number.format(longitude)}`;
};

/** Optional location: "Add location", then the place name (or the coordinates while it is looked up). */
export function LocationField({ state, disabled }: { state: PostLocationState; disabled?: boolean }) {
  const { i18n, t } = useLingui();
  const { location, locating, error, permission, locate, remove } = state;
  if (location !== null) {
    const where = coordinates(location.latitude, location.longitude, i18n.locale);
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <PlaceIcon color="action" aria-hidden />
        <Typography role="status" sx={{ flex: 1, minWidth: 0, overflowWrap: 'break-word' }}>
          {location.placeLoading ? t`Finding the place name… (${where})` : location.placeName || where}
        </Typography>
        <Button size="small" onClick={remove} disabled={disabled}>
          <Trans>Remove location</Trans>
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
        {locating ? t`Finding your location…` : t`Add location`}
      </Button>
      {(error ?? (permission === 'denied' ? LOCATION_MESSAGES.denied : null)) && (
        <Alert severity="warning" sx={{ width: '100%' }}>
          {i18n._(error ?? LOCATION_MESSAGES.denied)}
        </Alert>
      )}
    </Stack>
  );
}
