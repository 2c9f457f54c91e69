import { useCallback, useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { ADMIN_TEXT as M, poopsVerifiedByYou } from './admin-text';
import { POOP_TYPES, type PoopType } from '../../../core/poop';
import { ApiError } from '../../api/api-error';
import { getVerificationQueue, moderationKeys, verifyPoop } from '../../api/moderation.api';
import { ButtonLink } from '../../components/links';
import { BackHeading } from '../../components/BackButton';
import { PageContainer } from '../../components/PageContainer';
import { toast } from '../../components/toast/use-toast';
import { messageForError } from '../auth/auth-errors';
import { QueryLoading } from '../../components/QueryLoading';

/** /root/account/admin/new/type: the Type Picker (spec section 2), one image at a time for the caller's stage. */
export function TypePickerPage() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const queue = useQuery({ queryKey: moderationKeys.queue(), queryFn: ({ signal }) => getVerificationQueue(signal), staleTime: Infinity });
  // Images verified on this screen leave the queue at once; a refresh reads the queue again.
  const [done, setDone] = useState<ReadonlySet<string>>(new Set());
  const [counter, setCounter] = useState<number | undefined>(undefined);
  const [chosen, setChosen] = useState<PoopType | null>(null);
  const [busy, setBusy] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);

  const current = useMemo(() => queue.data?.poops.find((p) => !done.has(p.id)), [queue.data, done]);
  const postedType = current?.type ?? '';
  const verifiedByMe = counter ?? queue.data?.verifiedByMe ?? 0;

  const refresh = useCallback(() => {
    setDone(new Set());
    setCounter(undefined);
    setChosen(null);
    void queryClient.invalidateQueries({ queryKey: moderationKeys.queue() });
  }, [queryClient]);

  const verify = useCallback(async () => {
    if (!current || !chosen || busy) return;
    setBusy(true);
    try {
      const result = await verifyPoop(current.id, chosen);
      setCounter(result.verifiedByMe);
      setDone((ids) => new Set(ids).add(current.id));
      setChosen(null);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        toast.info(M.alreadyVerified);
        setDone((ids) => new Set(ids).add(current.id));
        setChosen(null);
      } else {
        toast.error(error instanceof ApiError && error.status === 0 ? messageForError(error) : M.verifyFailed);
      }
    } finally {
      setBusy(false);
    }
  }, [busy, chosen, current]);

  // Keys 1..9 choose a type, Enter verifies (a focused button other than a type keeps its own Enter).
  useEffect(() => {
    if (!current || fullscreen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, [contenteditable="true"]')) return;
      const digit = Number(event.key);
      if (Number.isInteger(digit) && digit >= 1 && digit <= POOP_TYPES.length) {
        event.preventDefault();
        setChosen(POOP_TYPES[digit - 1]!);
      } else if (event.key === 'Enter') {
        if (target?.closest('button, a') && !target.closest('[data-type-choice]')) return;
        event.preventDefault();
        void verify();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [current, fullscreen, verify]);

  return (
    <PageContainer>
      <BackHeading parent="/root/account/admin/type">{M.typePickerTitle}</BackHeading>
      {queue.isPending ? (
        <QueryLoading label={t`Loading the images to verify`} fetchStatus={queue.fetchStatus} />
      ) : queue.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void queue.refetch()}>
              {M.retry}
            </Button>
          }
        >
          {M.loadFailed}
        </Alert>
      ) : queue.data.stage === null ? (
        <Alert
          severity="info"
          action={
            <ButtonLink to="/root/account/admin/type" color="inherit" size="small">
              {M.adminTypeTitle}
            </ButtonLink>
          }
        >
          {M.notReviewer}
        </Alert>
      ) : (
        <>
          <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'baseline' }}>
            <Typography color="text.secondary">{M.stageLabel(queue.data.stage)}</Typography>
            <Typography role="status" aria-live="polite" sx={{ fontWeight: 600 }}>
              {poopsVerifiedByYou(verifiedByMe)}
            </Typography>
          </Stack>
          {current ? (
            <Paper component="section" aria-label={t`Image to verify`} sx={{ p: 2 }}>
              <Box sx={{ position: 'relative', display: 'flex', justifyContent: 'center', bgcolor: 'action.hover', borderRadius: 1 }}>
                <Box
                  component="img"
                  src={current.image}
                  alt={t`Poop to verify, posted as ${postedType}`}
                  width={current.width}
                  height={current.height}
                  sx={{ display: 'block', maxWidth: '100%', height: 'auto', maxHeight: '45vh', objectFit: 'contain' }}
                />
                <IconButton
                  aria-label={M.viewFullscreen}
                  onClick={() => setFullscreen(true)}
                  sx={{ position: 'absolute', top: 8, right: 8, bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
                >
                  <FullscreenIcon />
                </IconButton>
              </Box>
              <Typography sx={{ mt: 2 }}>
                {current.aiType ? (
                  <>
                    {M.aiSuggestion}: <strong>{current.aiType}</strong>
                  </>
                ) : (
                  M.aiNoSuggestion
                )}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                <Trans>Posted as {postedType}.</Trans> {M.keyboardHint}
              </Typography>
              <ToggleButtonGroup
                exclusive
                value={chosen}
                onChange={(_event, value: PoopType | null) => {
                  if (value !== null) setChosen(value);
                }}
                aria-label={M.typeGroupLabel}
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
                  gap: 1,
                  '& .MuiToggleButtonGroup-grouped': { border: 1, borderColor: 'divider', borderRadius: 1, m: 0 },
                }}
              >
                {POOP_TYPES.map((type, index) => (
                  <ToggleButton
                    key={type}
                    value={type}
                    data-type-choice=""
                    aria-keyshortcuts={String(index + 1)}
                    sx={{ textTransform: 'none' }}
                  >
                    {type}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
              <Button
                variant="contained"
                fullWidth
                sx={{ mt: 2 }}
                disabled={chosen === null || busy}
                onClick={() => void verify()}
                aria-keyshortcuts="Enter"
              >
                {M.verify}
              </Button>
              <Dialog fullScreen open={fullscreen} onClose={() => setFullscreen(false)} aria-label={t`Image to verify, full screen`}>
                <Box
                  sx={{
                    position: 'relative',
                    height: '100%',
                    bgcolor: 'common.black',
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                  }}
                >
                  <Box
                    component="img"
                    src={current.image}
                    alt={t`Poop to verify, posted as ${postedType}, full screen`}
                    sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
                  />
                  <IconButton
                    aria-label={M.closeFullscreen}
                    onClick={() => setFullscreen(false)}
                    sx={{ position: 'absolute', top: 8, right: 8, bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
                  >
                    <CloseIcon />
                  </IconButton>
                </Box>
              </Dialog>
            </Paper>
          ) : (
            <Paper component="section" aria-label={t`No images to verify`} sx={{ p: 3, textAlign: 'center' }}>
              <CircularProgress size={28} aria-hidden sx={{ mb: 2 }} />
              <Box lang="it">
                <Typography component="h2" variant="h6" gutterBottom>
                  {M.emptyTitleIt}
                </Typography>
                <Typography>{M.emptyHintVerifiedIt}</Typography>
                <Typography>{M.emptyHintNoneIt}</Typography>
              </Box>
              {/* Its English translation beneath, for a reader who does not read Italian. */}
              {i18n.locale !== 'it' && (
                <Typography lang="en" variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                  {M.emptyEnglish}
                </Typography>
              )}
              <Button variant="outlined" sx={{ mt: 2 }} onClick={refresh}>
                {M.refresh}
              </Button>
            </Paper>
          )}
        </>
      )}
    </PageContainer>
  );
}
