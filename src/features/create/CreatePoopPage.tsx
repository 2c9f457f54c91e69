import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import ngeohash from 'ngeohash';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { GEOHASH_PRECISION, POOP_DESCRIPTION_MAX_LENGTH, POOP_TITLE_MAX_LENGTH } from '../../../core/constants';
import { hiddenFromOthers } from '../../../core/map-privacy';
import { isPublicPoop, type PoopType } from '../../../core/poop';
import { ApiError } from '../../api/api-error';
import { isAccountRequired } from '../../api/error-text';
import { ownMapPlacesQuery } from '../../api/map.queries';
import { createPoop, newPoopForm, queuePoop, type NewPoopFields } from '../../api/poops.api';
import { CONNECTIVITY_TOASTS } from '../connectivity/connectivity-toasts';
import { PageContainer } from '../../components/PageContainer';
import { useToast } from '../../components/toast/use-toast';
import { randomId } from '../../lib/random-id';
import { openLoginWall, setPostPayoff } from '../../state/app.state';
import { refreshUserAfterActivity } from '../welcome/refresh-after-post';
import { putPoopFirstInFeed } from '../../api/poop-cache';
import { queryKeys } from '../../api/query-keys';
import { messageForError } from '../auth/auth-errors';
import { useRequireAccount } from '../auth/use-require-account';
import { LocationField } from './LocationField';
import { PhotoPicker, type PreparedPhoto } from './PhotoPicker';
import { PoopTypePicker } from './PoopTypePicker';
import { lengthCounter, validatePostDraft, type PostDraftField } from './post-form';
import { mapHiddenAreaNotice } from '../map/map-text';
import { queuedText } from '../outbox/outbox-texts';
import { rememberPosted } from '../install/install-offer-storage';
import { usePostLocation } from './use-post-location';
import { forgetSharedPhoto } from './shared-photo';
import { EMPTY_HEALTH_DETAILS, type HealthDetails } from '../../../core/diary';
import { HealthDetailsPanel } from '../diary/HealthDetailsPanel';
import { DIARY_TEXT } from '../diary/diary-text';
import { ButtonLink } from '../../components/links';

const IDS = { photo: 'create-photo', title: 'create-title', description: 'create-description' } as const;

/** Moves focus to the first field that needs attention, in the order of the form. */
function focusFirst(fields: readonly PostDraftField[]): void {
  const first = (['photo', 'type', 'title', 'description'] as const).find((field) => fields.includes(field));
  const element =
    first === 'type'
      ? document.querySelector<HTMLInputElement>('input[name="create-type"]')
      : first
        ? document.getElementById(IDS[first])
        : null;
  element?.focus();
}

/** After the photo, the type: its chosen button, else its first (a radio group takes the focus on one). */
function focusType(): void {
  const checked = document.querySelector<HTMLInputElement>('input[name="create-type"]:checked');
  (checked ?? document.querySelector<HTMLInputElement>('input[name="create-type"]'))?.focus();
}

/**
 * /root/create: photo (compressed in the browser), type, title, description, optional location,
 * Private and Show on map; uploaded with progress under a client UUID, so a retry of the same
 * post is stored once. A public post lands at the top of 'For you'. `shared`: opened by a photo
 * shared into the app (Web Share Target), which is then the chosen photo.
 */
export function CreatePoopPage({ shared = false }: { shared?: boolean }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const toast = useToast();
  const client = useQueryClient();
  const requireAccount = useRequireAccount();
  const place = usePostLocation();
  // One id per draft: a retry after a failure reuses it, so the server keeps the post once.
  const [postId, setPostId] = useState(randomId);
  const [photo, setPhoto] = useState<PreparedPhoto | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [type, setType] = useState<PoopType | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const [showInMap, setShowInMap] = useState(false);
  const [health, setHealth] = useState<HealthDetails>(EMPTY_HEALTH_DETAILS);
  const [submitted, setSubmitted] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [sendError, setSendError] = useState<{ message: string; retry: boolean } | null>(null);

  // Whether others will see this post on the map: not in one of the author's hidden cells.
  const ownPlaces = useQuery({ ...ownMapPlacesQuery(), enabled: place.location !== null });
  const mapNote = showOnMapNote(place.location, ownPlaces.data);

  const errors = validatePostDraft({ hasPhoto: photo !== null, type, title, description });
  // Length errors show while typing; missing photo or type only once the user tried to post.
  const shown = submitted ? errors : { title: errors.title, description: errors.description };
  const sending = progress !== null;
  const percent = new Intl.NumberFormat(i18n.locale, { style: 'percent' }).format(Math.floor((progress ?? 0) * 100) / 100);

  const changePhoto = (next: PreparedPhoto | null) => {
    setPhoto(next);
    // Another photo is another post: a stored earlier attempt must not answer for it.
    setPostId(randomId());
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending || preparing) return;
    if (!requireAccount('post')) return;
    setSubmitted(true);
    const invalid = Object.keys(errors) as PostDraftField[];
    if (invalid.length > 0 || photo === null || type === null) {
      focusFirst(invalid);
      return;
    }
    setSendError(null);
    setProgress(0);
    const { location } = place;
    const fields: NewPoopFields = {
      type,
      title: title.trim(),
      description: description.trim(),
      private: isPrivate,
      showInMap,
      location: location && { latitude: location.latitude, longitude: location.longitude, placeName: location.placeName },
      madeAt: new Date(),
      health,
    };
    // Offline, or the upload never reached the server: the post waits in the outbox and goes
    // when the network is back. If IndexedDB refuses it, the form keeps everything typed.
    const queue = async () => {
      try {
        await queuePoop(postId, fields, photo.blob, photo.fileName);
      } catch (error) {
        setProgress(null);
        toast.error(messageForError(error));
        return;
      }
      if (shared) forgetSharedPhoto();
      rememberPosted();
      // Says 'offline' too: it replaces the connection's toast rather than waiting behind it.
      toast.info(queuedText(), CONNECTIVITY_TOASTS);
      await navigate({ to: '/root' });
    };
    if (!navigator.onLine) {
      await queue();
      return;
    }
    const form = newPoopForm(fields, photo.blob, photo.fileName);
    try {
      const { poop, earned } = await createPoop(postId, form, setProgress);
      if (shared) forgetSharedPhoto();
      rememberPosted();
      // The server's answer is what the post earned; the app works it out only for a post that waited offline.
      if (earned && (earned.newDay || earned.firstPost || earned.milestone)) setPostPayoff(earned);
      refreshUserAfterActivity({ payoff: false });
      if (isPublicPoop(poop)) {
        putPoopFirstInFeed(client, poop);
        toast.success(t`Posted!`);
        await navigate({ to: '/root' });
      } else {
        client.setQueryData(queryKeys.poop(poop.id), poop);
        toast.success(
          poop.private
            ? t`Posted privately. Only you can see it.`
            : t`Posted. "Other" posts are shown in the feed once a moderator has checked them.`,
        );
        await navigate({ to: '/root/poop/$id', params: { id: poop.id } });
      }
    } catch (error) {
      setProgress(null);
      if (isAccountRequired(error)) {
        openLoginWall('post');
        return;
      }
      if (error instanceof ApiError && error.isNetworkError) {
        await queue();
        return;
      }
      // Network trouble and server failures are worth retrying as they are; a refusal needs a change.
      const retry = !(error instanceof ApiError) || error.isNetworkError || error.status >= 500;
      setSendError({ message: messageForError(error), retry });
    }
  };

  return (
    <PageContainer>
      <Typography component="h1" variant="h4" gutterBottom>
        <Trans>Create a post</Trans>
      </Typography>
      <ButtonLink to="/root/diary" variant="outlined" sx={{ mb: 2 }}>
        {DIARY_TEXT.diaryOnly}
      </ButtonLink>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label={t`New post`}>
        <Stack spacing={3}>
          <PhotoPicker
            photo={photo}
            onChange={changePhoto}
            onPreparingChange={setPreparing}
            error={shown.photo}
            disabled={sending}
            buttonId={IDS.photo}
            shared={shared}
            onChosen={focusType}
          />
          <PoopTypePicker value={type} onChange={setType} error={shown.type} disabled={sending} idPrefix="create" />
          <TextField
            id={IDS.title}
            label={t`Title`}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            error={shown.title !== undefined}
            helperText={<HelperWithCounter message={shown.title} counter={lengthCounter(title, POOP_TITLE_MAX_LENGTH)} />}
            disabled={sending}
            fullWidth
          />
          <TextField
            id={IDS.description}
            label={t`Description`}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            error={shown.description !== undefined}
            helperText={<HelperWithCounter message={shown.description} counter={lengthCounter(description, POOP_DESCRIPTION_MAX_LENGTH)} />}
            disabled={sending}
            multiline
            minRows={3}
            fullWidth
          />
          <LocationField state={place} disabled={sending} />
          <Stack>
            <FormControlLabel
              control={<Switch checked={isPrivate} onChange={(event) => setPrivate(event.target.checked)} disabled={sending} />}
              label={t`Private`}
            />
            <FormHelperText sx={{ mt: 0, mb: 1 }}>
              <Trans>Only you can see a private post; it stays out of the feed.</Trans>
            </FormHelperText>
            <FormControlLabel
              control={<Switch checked={showInMap} onChange={(event) => setShowInMap(event.target.checked)} disabled={sending} />}
              label={t`Show on map`}
            />
            <FormHelperText sx={{ mt: 0 }}>{mapNote}</FormHelperText>
          </Stack>
          <HealthDetailsPanel value={health} onChange={setHealth} disabled={sending} idPrefix="create" />
          {sending && (
            <Box>
              <LinearProgress
                variant={progress < 1 ? 'determinate' : 'indeterminate'}
                value={Math.round(progress * 100)}
                aria-label={t`Uploading your post`}
              />
              <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 0.5 }}>
                {progress < 1 ? t`Uploading… ${percent}` : t`Almost done…`}
              </Typography>
            </Box>
          )}
          {sendError && (
            <Alert severity="error" role="alert">
              {sendError.message}
              {sendError.retry && ` ${t`Your post is still here: press Post to try again.`}`}
            </Alert>
          )}
          <Button type="submit" variant="contained" size="large" disabled={sending || preparing}>
            {sending ? t`Posting…` : t`Post`}
          </Button>
        </Stack>
      </Box>
    </PageContainer>
  );
}

/**
 * What "Show on map" means for this post: nothing without a location; the hidden-area notice when
 * the place is in (or would become) one of the author's hidden cells; while that is not known
 * (offline before it was ever read), the rule itself.
 */
function showOnMapNote(
  location: { latitude: number; longitude: number } | null,
  places: Parameters<typeof hiddenFromOthers>[0] | undefined,
): string {
  if (location === null) return i18n._(msg`Add a location to show it on the map.`);
  if (places === undefined) return i18n._(msg`Others see it on the map within about 1 km, never where you post most often.`);
  return hiddenFromOthers(places, ngeohash.encode(location.latitude, location.longitude, GEOHASH_PRECISION))
    ? mapHiddenAreaNotice()
    : i18n._(msg`Others can see it on the map within about 1 km of where it was posted.`);
}

/** A field's error (if any) on the left and its length counter on the right. */
function HelperWithCounter({ message, counter }: { message: string | undefined; counter: string }) {
  return (
    <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <span>{message ?? ''}</span>
      <span>{counter}</span>
    </Box>
  );
}
