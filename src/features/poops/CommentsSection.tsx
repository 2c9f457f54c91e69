import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import SendIcon from '@mui/icons-material/Send';
import { COMMENT_MAX_LENGTH } from '../../../core/constants';
import { commentAnchor } from '../../../core/notification-kinds';
import type { Comment, Poop } from '../../../core/poop-api';
import { commentsInOrder } from '../../api/comment-cache';
import { isAccountRequired, reasonText } from '../../api/error-text';
import { isPremium } from '../../../core/user';
import { useCurrentUser } from '../../api/me.queries';
import { OutboxPersistError } from '../../api/outbox';
import { commentsQuery } from '../../api/poops.queries';
import { toast } from '../../components/toast/use-toast';
import { useHardwareKeyboard } from '../../lib/input-device';
import { randomId } from '../../lib/random-id';
import { openLoginWall } from '../../state/app.state';
import { messageForError } from '../auth/auth-errors';
import { useRequireAccount } from '../auth/use-require-account';
import { lengthCounter, textLength } from '../create/post-form';
import { PendingChip } from '../outbox/PendingChip';
import { usePendingComments } from '../outbox/use-outbox';
import { LikeButton } from './LikeButton';
import { PoopByline } from './PoopByline';
import { useAddComment, useCommentLike, useDeleteComment } from './use-poop-mutations';
import { QueryLoading } from '../../components/QueryLoading';

/** The text's problem before sending, with the API's own wording. */
function commentError(text: string): string | undefined {
  if (text.trim() === '') return reasonText('commentEmpty');
  if (textLength(text.trim()) > COMMENT_MAX_LENGTH) return reasonText('commentTooLong');
  return undefined;
}

/**
 * A post's comments, oldest first, with "Load more comments", a like on each, delete for the
 * comment's author (and the post's owner or an admin), and the box to add one (Enter sends,
 * Shift+Enter starts a new line). The post's comment count follows everywhere it is shown.
 */
export function CommentsSection({
  poop,
  now,
  focusField = false,
}: {
  poop: Pick<Poop, 'id' | 'uid' | 'comments'>;
  now: Date;
  /** A notification's "Reply" opened the post: the comment box gets the focus (and comes into view). */
  focusField?: boolean;
}) {
  const { t } = useLingui();
  const user = useCurrentUser();
  const requireAccount = useRequireAccount();
  const poopId = poop.id;
  const query = useInfiniteQuery(commentsQuery(poopId));
  const {
    data,
    isPending,
    isFetching,
    fetchStatus,
    isFetchingNextPage,
    isFetchNextPageError,
    hasNextPage,
    error: loadFailure,
    refetch,
    fetchNextPage,
  } = query;
  const comments = useMemo(() => commentsInOrder(data), [data]);
  const like = useCommentLike(poopId);
  const remove = useDeleteComment(poopId);
  const add = useAddComment(poopId);
  const hardwareKeyboard = useHardwareKeyboard();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  // One id per comment being written: a retry after a failure is stored once.
  const [draftId, setDraftId] = useState(randomId);
  const sending = add.isPending;
  const loading = (isPending && isFetching) || isFetchingNextPage;
  const loadError = loadFailure !== null && !isFetching ? messageForError(loadFailure) : null;
  const sendError =
    add.error !== null && !isAccountRequired(add.error) && !(add.error instanceof OutboxPersistError) ? messageForError(add.error) : null;

  const error = touched ? commentError(text) : textLength(text.trim()) > COMMENT_MAX_LENGTH ? reasonText('commentTooLong') : undefined;

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (sending) return;
    if (!requireAccount('comment')) return;
    setTouched(true);
    if (commentError(text) !== undefined) return;
    add.mutate(
      { id: draftId, text: text.trim() },
      {
        onSuccess: () => {
          setDraftId(randomId());
          setText('');
          setTouched(false);
        },
        onError: (failure) => {
          if (isAccountRequired(failure)) openLoginWall('comment');
          // IndexedDB refused the queued comment: say so; the box keeps the text.
          else if (failure instanceof OutboxPersistError) toast.error(failure.message);
        },
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  // Comments still in the outbox: marked pending; after an offline reload, shown from the outbox.
  const pendingEntries = usePendingComments(poopId);
  const pendingIds = new Set(pendingEntries.map((entry) => (entry.body as { id: string }).id));
  const shownIds = new Set(comments.map((comment) => comment.id));
  const pendingOnly: Comment[] = pendingEntries.flatMap((entry) => {
    const body = entry.body as { id: string; text: string };
    if (shownIds.has(body.id)) return [];
    return [
      {
        id: body.id,
        poopId,
        uid: entry.uid,
        username: user?.username ?? '',
        userPhotoURL: user?.photoURL ?? '',
        isUserPremium: user !== null && isPremium(user),
        text: body.text,
        created: new Date(entry.createdAt).toISOString(),
        likes: 0,
        likedByMe: false,
      },
    ];
  });

  // A notification opens the post at its comment (#comment-{id}): scrolled to, focused, highlighted.
  const hash = useLocation({ select: (location) => location.hash });
  const shown = useRef<string | null>(null);
  const target = comments.find((comment) => commentAnchor(comment.id) === hash)?.id ?? null;
  useEffect(() => {
    if (target === null || shown.current === target) return;
    shown.current = target;
    const element = document.getElementById(commentAnchor(target));
    element?.scrollIntoView({
      block: 'center',
      behavior: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
    });
    element?.focus({ preventScroll: true });
  }, [target]);

  const commentCount = poop.comments;
  const canDelete = (comment: Comment) => user !== null && (comment.uid === user.uid || poop.uid === user.uid || user.admin);
  const renderComment = (comment: Comment) => {
    const { username } = comment;
    return (
      <Box
        component="li"
        key={comment.id}
        id={commentAnchor(comment.id)}
        tabIndex={comment.id === target ? -1 : undefined}
        aria-label={t`Comment by ${username}`}
        aria-current={comment.id === target ? 'true' : undefined}
        sx={{
          py: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
          ...(comment.id === target && { bgcolor: 'action.selected', px: 1, borderRadius: 1, outlineColor: 'primary.main' }),
        }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <PoopByline
              uid={comment.uid}
              username={comment.username}
              photoURL={comment.userPhotoURL}
              isPremium={comment.isUserPremium}
              date={comment.created}
              now={now}
              size="small"
            />
            <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'break-word' }}>{comment.text}</Typography>
            {pendingIds.has(comment.id) && <PendingChip />}
          </Box>
          <LikeButton liked={comment.likedByMe} likes={comment.likes} onToggle={() => like(comment)} label={t`Like comment`} />
          {canDelete(comment) && (
            <IconButton aria-label={t`Delete comment`} size="small" onClick={() => remove(comment)}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          )}
        </Stack>
      </Box>
    );
  };

  return (
    <Box component="section" aria-labelledby="comments-heading" sx={{ mt: 3 }}>
      <Typography id="comments-heading" component="h2" variant="h6">
        {t`Comments (${commentCount})`}
      </Typography>
      <Box component="ul" aria-label={t`Comments`} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {comments.map(renderComment)}
        {pendingOnly.map(renderComment)}
      </Box>
      {data !== undefined && !loading && !loadError && comments.length + pendingOnly.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {t`No comments yet. Be the first.`}
        </Typography>
      )}
      {isPending && fetchStatus === 'paused' && <QueryLoading label={t`Loading comments`} fetchStatus={fetchStatus} />}
      {loading && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress size={24} aria-label={t`Loading comments`} />
        </Box>
      )}
      {loadError && (
        <Alert
          severity="error"
          sx={{ my: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void (isFetchNextPageError ? fetchNextPage() : refetch())}>
              {t`Try again`}
            </Button>
          }
        >
          {loadError}
        </Alert>
      )}
      {!loading && !loadError && hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', my: 1 }}>
          <Button onClick={() => void fetchNextPage()}>{t`Load more comments`}</Button>
        </Box>
      )}
      <Box component="form" noValidate onSubmit={send} sx={{ mt: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label={t`Add a comment`}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            error={error !== undefined}
            helperText={
              <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                <span>{error ?? (hardwareKeyboard ? t`Enter sends; Shift+Enter starts a new line.` : '')}</span>
                <span>{lengthCounter(text, COMMENT_MAX_LENGTH)}</span>
              </Box>
            }
            disabled={sending}
            multiline
            maxRows={6}
            fullWidth
            autoFocus={focusField}
          />
          <IconButton type="submit" aria-label={t`Send comment`} color="primary" disabled={sending} sx={{ mt: 1 }}>
            {sending ? <CircularProgress size={20} aria-hidden /> : <SendIcon />}
          </IconButton>
        </Stack>
        {sendError && (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {sendError}
          </Alert>
        )}
      </Box>
    </Box>
  );
}
