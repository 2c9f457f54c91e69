import { PostHealthSection } from '../diary/PostHealthSection';
import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MoreIcon from '@mui/icons-material/MoreVert';
import type { Poop } from '../../../core/poop-api';
import { isNotFound } from '../../api/error-text';
import { findCachedPoop } from '../../api/poop-cache';
import { poopQuery } from '../../api/poops.queries';
import { useCurrentUser } from '../../api/me.queries';
import { BackButton } from '../../components/BackButton';
import { ButtonLink } from '../../components/links';
import { PageContainer } from '../../components/PageContainer';
import { messageForError } from '../auth/auth-errors';
import { CommentsSection } from './CommentsSection';
import { DeletePoopDialog } from './DeletePoopDialog';
import { EditPoopDialog } from './EditPoopDialog';
import { PoopByline } from './PoopByline';
import { PoopLikeButton } from './PoopLikeButton';
import { PoopPhoto } from './PoopPhoto';
import { PoopPlace } from './PoopPlace';
import { poopTypeLabel, poopTypeName } from './poop-type-labels';
import { useNow } from './use-now';
import { useLingui } from '@lingui/react/macro';

/** The post is deleted, private to someone else, or never existed. */
export function NotAvailable() {
  const { t } = useLingui();
  return (
    <PageContainer>
      <BackButton parent="/root" />
      <Typography component="h1" variant="h5" sx={{ mt: 2 }} gutterBottom>
        {t`This post is not available`}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t`It may have been deleted, or its owner keeps it private.`}
      </Typography>
      <ButtonLink to="/root" variant="contained">
        {t`Back to the feed`}
      </ButtonLink>
    </PageContainer>
  );
}

/**
 * /root/poop/$id: the post (from a list in the cache at once, then fresh from the API), its likes
 * and comments. The route has checked the id; a 404 from the server means the post is gone.
 * `reply`: opened by a comment notification's "Reply", the comment box has the focus.
 */
export function PoopPage({ id, reply = false }: { id: string; reply?: boolean }) {
  const { t } = useLingui();
  const client = useQueryClient();
  const query = useQuery({ ...poopQuery(id), placeholderData: () => findCachedPoop(client, id) });
  const { data: poop, error, isFetching, refetch } = query;
  const retry = () => void refetch();

  if (isNotFound(error) || poop?.deleted) return <NotAvailable />;
  const errorText = error !== null && !isFetching ? messageForError(error) : null;
  if (poop === undefined) {
    return (
      <PageContainer>
        <BackButton parent="/root" />
        {errorText !== null ? (
          <Alert
            severity="error"
            sx={{ mt: 2 }}
            action={
              <Button color="inherit" size="small" onClick={retry}>
                {t`Try again`}
              </Button>
            }
          >
            {errorText}
          </Alert>
        ) : (
          <Box role="status" aria-label={t`Loading the post`} sx={{ mt: 2 }}>
            <Skeleton width="60%" height={40} />
            <Skeleton variant="rectangular" height={320} sx={{ my: 2 }} />
            <Skeleton width="40%" />
          </Box>
        )}
      </PageContainer>
    );
  }
  return <PoopDetails reply={reply} poop={poop} staleError={errorText} onRetry={retry} />;
}

function PoopDetails({ poop, staleError, onRetry, reply }: { poop: Poop; staleError: string | null; onRetry: () => void; reply: boolean }) {
  const { t } = useLingui();
  const user = useCurrentUser();
  const now = useNow();
  const optionsButton = useRef<HTMLButtonElement>(null);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const menuOpen = menuAnchor !== null;
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const isOwner = user !== null && user.uid === poop.uid;
  const canDelete = isOwner || user?.admin === true;

  const openDialog = (which: 'edit' | 'delete') => {
    setMenuAnchor(null);
    setDialog(which);
  };
  const closeDialog = () => setDialog(null);
  // The menu item that opened the dialog is gone: once the dialog has, focus returns to the menu's button.
  const restoreFocus = () => optionsButton.current?.focus();

  return (
    <PageContainer>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <BackButton parent="/root" />
        {canDelete && (
          <>
            <IconButton
              ref={optionsButton}
              aria-label={t`Post options`}
              aria-haspopup="menu"
              aria-expanded={menuOpen}
              aria-controls={menuOpen ? 'poop-options-menu' : undefined}
              onClick={(event) => setMenuAnchor(event.currentTarget)}
            >
              <MoreIcon />
            </IconButton>
            <Menu id="poop-options-menu" anchorEl={menuAnchor} open={menuOpen} onClose={() => setMenuAnchor(null)}>
              {isOwner && <MenuItem onClick={() => openDialog('edit')}>{t`Edit`}</MenuItem>}
              <MenuItem onClick={() => openDialog('delete')}>{t`Delete`}</MenuItem>
            </Menu>
          </>
        )}
      </Stack>
      {staleError && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              {t`Try again`}
            </Button>
          }
        >
          {staleError}
        </Alert>
      )}
      <Box component="article" aria-labelledby="poop-title">
        <PoopByline
          uid={poop.uid}
          username={poop.username}
          photoURL={poop.userPhotoURL}
          isPremium={poop.isUserPremium}
          date={poop.createdDate}
          now={now}
        />
        <Typography id="poop-title" component="h1" variant="h5" sx={{ mt: 2, overflowWrap: 'break-word' }}>
          {poop.title.trim() || poopTypeName(poop.type)}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', my: 1 }}>
          <Typography color="text.secondary">{poopTypeLabel(poop.type)}</Typography>
          {poop.private && <Chip size="small" label={t`Private`} />}
          {poop.status === 'pending' && <Chip size="small" color="warning" label={t`Waiting for review`} />}
          {poop.status === 'denied' && <Chip size="small" color="error" label={t`Not approved`} />}
        </Stack>
        <PoopPlace placeName={poop.placeName} />
        <Box sx={{ my: 2, borderRadius: 1, overflow: 'hidden' }}>
          <PoopPhoto poop={poop} variant="display" eager />
        </Box>
        {poop.description.trim() !== '' && (
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'break-word', mb: 1 }}>{poop.description}</Typography>
        )}
        <PoopLikeButton poop={poop} />
      </Box>
      {isOwner && <PostHealthSection poopId={poop.id} />}
      <CommentsSection poop={poop} now={now} focusField={reply} />
      {isOwner && <EditPoopDialog poop={poop} open={dialog === 'edit'} onClose={closeDialog} onExited={restoreFocus} />}
      {canDelete && <DeletePoopDialog poopId={poop.id} open={dialog === 'delete'} onClose={closeDialog} onExited={restoreFocus} />}
    </PageContainer>
  );
}
