import { useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
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
import { POOP_MESSAGES } from '../../../core/messages';
import type { Comment, Poop } from '../../../core/poop-api';
import { ApiError } from '../../api/api-error';
import { isQueued, OutboxPersistError } from '../../api/outbox';
import { toast } from '../../components/toast/use-toast';
import { PendingChip } from '../outbox/PendingChip';
import { usePendingComments } from '../outbox/use-outbox';
import { addComment, deleteComment, getComments, setCommentLike } from '../../api/poops.api';
import { randomId } from '../../lib/random-id';
import { openLoginWall, updatePoop, useCurrentUser } from '../../state/app.state';
import { messageForError } from '../auth/auth-errors';
import { useRequireAccount } from '../auth/use-require-account';
import { lengthCounter, textLength } from '../create/post-form';
import {
  addCommentPage,
  addMyComment,
  EMPTY_COMMENTS,
  hasComment,
  removeComment,
  updateComment,
  type CommentList,
} from './comment-list';
import { LikeButton } from './LikeButton';
import { toggledLike } from './like-count';
import { PoopByline } from './PoopByline';
import { reportPoopActionError } from './poop-actions';

/** The text's problem before sending, with the API's own wording. */
function commentError(text: string): string | undefined {
  if (text.trim() === '') return POOP_MESSAGES.commentEmpty;
  if (textLength(text.trim()) > COMMENT_MAX_LENGTH) return POOP_MESSAGES.commentTooLong;
  return undefined;
}

const changeCount = (poopId: string, by: number) =>
  updatePoop(poopId, (poop) => ({ ...poop, comments: Math.max(0, poop.comments + by) }));

/**
 * A post's comments, oldest first, with "Load more comments", a like on each, delete for the
 * comment's author (and the post's owner or an admin), and the box to add one (Enter sends,
 * Shift+Enter starts a new line). The post's comment count follows everywhere it is shown.
 */
export function CommentsSection({ poop, now }: { poop: Pick<Poop, 'id' | 'uid' | 'comments'>; now: Date }) {
  const user = useCurrentUser();
  const requireAccount = useRequireAccount();
  const [list, setList] = useState<CommentList>(EMPTY_COMMENTS);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  // One id per comment being written: a retry after a failure is stored once.
  const draftId = useRef(randomId());
  const abort = useRef<AbortController | null>(null);
  const poopId = poop.id;
  // The list as last rendered, for handlers that must not wait for a re-render.
  const listRef = useRef(list);
  useEffect(() => {
    listRef.current = list;
  }, [list]);

  const load = useCallback(
    async (cursor: string | null) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setLoading(true);
      setLoadError(null);
      try {
        const page = await getComments(poopId, cursor, controller.signal);
        setList((current) => addCommentPage(current, page, cursor === null));
      } catch (error) {
        if (controller.signal.aborted) return;
        setLoadError(messageForError(error));
      }
      setLoading(false);
    },
    [poopId],
  );

  useEffect(() => {
    void load(null);
    return () => abort.current?.abort();
  }, [load]);

  const error = touched ? commentError(text) : textLength(text.trim()) > COMMENT_MAX_LENGTH ? POOP_MESSAGES.commentTooLong : undefined;

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    if (sending) return;
    if (!requireAccount('comment')) return;
    setTouched(true);
    if (commentError(text) !== undefined) return;
    setSending(true);
    setSendError(null);
    try {
      const answer = await addComment(poopId, { id: draftId.current, text: text.trim() });
      // Queued (offline): shown at once as the user's own comment, marked pending until sent.
      const comment: Comment = isQueued(answer)
        ? { id: draftId.current, poopId, uid: user?.uid ?? '', username: user?.username ?? '', userPhotoURL: user?.photoURL ?? '', text: text.trim(), created: new Date().toISOString(), likes: 0, likedByMe: false }
        : answer;
      // A retry of a comment the server already had is shown, but not counted twice.
      if (!hasComment(listRef.current, comment.id)) changeCount(poopId, 1);
      setList((current) => addMyComment(current, comment));
      draftId.current = randomId();
      setText('');
      setTouched(false);
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'account_required') openLoginWall('comment');
      else if (failure instanceof OutboxPersistError) toast.error(failure.message);
      else setSendError(messageForError(failure));
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  const like = async (comment: Comment) => {
    const liked = !comment.likedByMe;
    setList((current) => updateComment(current, comment.id, toggledLike));
    try {
      const answer = await setCommentLike(comment.id, liked);
      if (!isQueued(answer)) setList((current) => updateComment(current, comment.id, (c) => ({ ...c, likes: answer.likes, likedByMe: answer.liked })));
    } catch (failure) {
      setList((current) => updateComment(current, comment.id, (c) => ({ ...c, likes: comment.likes, likedByMe: comment.likedByMe })));
      reportPoopActionError(failure, 'like');
    }
  };

  const remove = async (comment: Comment) => {
    const before = listRef.current;
    setList((current) => removeComment(current, comment.id));
    changeCount(poopId, -1);
    try {
      await deleteComment(comment.id);
    } catch (failure) {
      setList(before);
      changeCount(poopId, 1);
      reportPoopActionError(failure, 'comment');
    }
  };

  // Comments still in the outbox: marked pending; after an offline reload, shown from the outbox.
  const pendingEntries = usePendingComments(poopId);
  const pendingIds = new Set(pendingEntries.map((entry) => (entry.body as { id: string }).id));
  const shownIds = new Set([...list.items, ...list.mine].map((comment) => comment.id));
  const pendingOnly: Comment[] = pendingEntries.flatMap((entry) => {
    const body = entry.body as { id: string; text: string };
    if (shownIds.has(body.id)) return [];
    return [{ id: body.id, poopId, uid: entry.uid, username: user?.username ?? '', userPhotoURL: user?.photoURL ?? '', text: body.text, created: new Date(entry.createdAt).toISOString(), likes: 0, likedByMe: false }];
  });

  const canDelete = (comment: Comment) => user !== null && (comment.uid === user.uid || poop.uid === user.uid || user.admin);
  const renderComment = (comment: Comment) => (
    <Box component="li" key={comment.id} aria-label={`Comment by ${comment.username}`} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <PoopByline uid={comment.uid} username={comment.username} photoURL={comment.userPhotoURL} isPremium={false} date={comment.created} now={now} size="small" />
          <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{comment.text}</Typography>
          {pendingIds.has(comment.id) && <PendingChip />}
        </Box>
        <LikeButton liked={comment.likedByMe} likes={comment.likes} onToggle={() => void like(comment)} label="Like comment" />
        {canDelete(comment) && (
          <IconButton aria-label="Delete comment" size="small" onClick={() => void remove(comment)}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        )}
      </Stack>
    </Box>
  );

  return (
    <Box component="section" aria-labelledby="comments-heading" sx={{ mt: 3 }}>
      <Typography id="comments-heading" component="h2" variant="h6">
        Comments ({poop.comments})
      </Typography>
      <Box component="ul" aria-label="Comments" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {list.items.map(renderComment)}
      </Box>
      {!loading && !loadError && list.items.length === 0 && list.mine.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          No comments yet. Be the first.
        </Typography>
      )}
      {loading && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress size={24} aria-label="Loading comments" />
        </Box>
      )}
      {loadError && (
        <Alert
          severity="error"
          sx={{ my: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void load(list.items.length > 0 ? list.nextCursor : null)}>
              Try again
            </Button>
          }
        >
          {loadError}
        </Alert>
      )}
      {!loading && !loadError && list.nextCursor !== null && (
        <Box sx={{ display: 'flex', justifyContent: 'center', my: 1 }}>
          <Button onClick={() => void load(list.nextCursor)}>Load more comments</Button>
        </Box>
      )}
      {list.mine.length + pendingOnly.length > 0 && (
        <Box component="ul" aria-label="Your new comments" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {list.mine.map(renderComment)}
          {pendingOnly.map(renderComment)}
        </Box>
      )}
      <Box component="form" noValidate onSubmit={(event) => void send(event)} sx={{ mt: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label="Add a comment"
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            error={error !== undefined}
            helperText={
              <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                <span>{error ?? 'Enter sends; Shift+Enter starts a new line.'}</span>
                <span>{lengthCounter(text, COMMENT_MAX_LENGTH)}</span>
              </Box>
            }
            disabled={sending}
            multiline
            maxRows={6}
            fullWidth
          />
          <IconButton type="submit" aria-label="Send comment" color="primary" disabled={sending} sx={{ mt: 1 }}>
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
