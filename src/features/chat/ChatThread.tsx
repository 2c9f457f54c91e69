import { useEffect, useMemo, useState, type FormEvent } from 'react';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FlagIcon from '@mui/icons-material/OutlinedFlag';
import MoreIcon from '@mui/icons-material/MoreVert';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CHAT_MESSAGE_MAX_LENGTH, chatMessageProblem, type ChatMessage } from '../../../core/chat-api';
import {
  chatHistoryQuery,
  conversationQuery,
  markConversationRead,
  reportChatMessage,
  sendChatMessage,
  setBlocked,
} from '../../api/chat.api';
import { isQueued } from '../../api/outbox';
import { queryKeys } from '../../api/query-keys';
import { BackHeading } from '../../components/BackButton';
import { NAME_SX } from '../../components/text-wrap';
import { useToast } from '../../components/toast/use-toast';
import { ApiError } from '../../api/api-error';
import { apiErrorText } from '../../api/error-text';
import { randomId } from '../../lib/random-id';
import { waitingText } from '../outbox/outbox-texts';
import { useOutboxEntries } from '../outbox/use-outbox';
import { useBottomClearance } from '../shell/RootLayout';
import { addToHistory } from './chat-socket';
import { CHAT_TEXTS as T } from './chat-texts';
import { PremiumBadge } from './PremiumBadge';
import { QueryLoading } from '../../components/QueryLoading';

interface Bubble {
  key: string;
  id: string | null;
  mine: boolean;
  body: string;
  at: string;
  pending: boolean;
  /** The last of consecutive bubbles from one person: it alone shows the name and the time. */
  endsGroup: boolean;
}

/** Bubbles further apart than this start a new group (with its own name and time). */
const GROUP_GAP_MS = 10 * 60_000;

/** Marks the last bubble of each run from one person (a message still waiting is a run of its own). */
function groupBubbles(bubbles: Omit<Bubble, 'endsGroup'>[]): Bubble[] {
  return bubbles.map((b, i) => {
    const next = bubbles[i + 1];
    const sameGroup =
      next !== undefined &&
      next.mine === b.mine &&
      next.pending === b.pending &&
      new Date(next.at).getTime() - new Date(b.at).getTime() <= GROUP_GAP_MS;
    return { ...b, endsGroup: !sameGroup };
  });
}

function time(iso: string, locale: string): string {
  return new Date(iso).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
}

/** One conversation: history (older pages on demand), messages waiting in the outbox, the composer, block and report. */
export function ChatThread({ me, peerUid }: { me: string; peerUid: string }) {
  const client = useQueryClient();
  const toast = useToast();
  const { i18n, t } = useLingui();
  const conversation = useQuery(conversationQuery(peerUid));
  const history = useInfiniteQuery(chatHistoryQuery(peerUid));
  const entries = useOutboxEntries();
  const [text, setText] = useState('');
  const clearance = useBottomClearance();
  const peer = conversation.data?.conversation.peer;
  const canSend = conversation.data?.conversation.canSend ?? false;
  const blockedByMe = conversation.data?.conversation.blocked ?? false;
  const name = peer?.username ?? '';

  const delivered = useMemo(() => (history.data?.pages ?? []).flatMap((page) => page.messages).reverse(), [history.data]);
  const bubbles: Bubble[] = useMemo(() => {
    const known = new Set(delivered.map((m) => m.id));
    const sent = delivered.map((m: ChatMessage) => ({
      key: m.id,
      id: m.id,
      mine: m.senderUid === me,
      body: m.body,
      at: m.createdAt,
      pending: false,
    }));
    const waiting = entries
      .filter((e) => e.kind === 'chat-send' && e.target === peerUid && !known.has(e.path.split('/').pop() ?? ''))
      .map((e) => ({
        key: e.id,
        id: null,
        mine: true,
        body: (e.body as { body: string }).body,
        at: new Date(e.createdAt).toISOString(),
        pending: true,
      }));
    return groupBubbles([...sent, ...waiting]);
  }, [delivered, entries, me, peerUid]);

  // Shown means read: mark it when the newest message is the other person's.
  const newest = delivered[delivered.length - 1];
  const newestFromPeer = newest !== undefined && newest.senderUid === peerUid ? newest.id : null;
  useEffect(() => {
    if (newestFromPeer === null) return;
    markConversationRead(peerUid)
      .then(() => client.invalidateQueries({ queryKey: queryKeys.chatConversations() }))
      .catch(() => undefined); // Offline: it is marked on the next visit.
  }, [client, newestFromPeer, peerUid]);

  // A messenger opens at the newest message, and follows new ones down.
  useEffect(() => {
    if (bubbles.length > 0) window.scrollTo({ top: document.documentElement.scrollHeight });
  }, [bubbles.length]);

  const send = useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) => sendChatMessage(peerUid, id, body),
    onSuccess: (result) => {
      if (!isQueued(result)) addToHistory(client, peerUid, result.message);
      void client.invalidateQueries({ queryKey: queryKeys.chatConversations() });
    },
    onError: (error) => toast.error(error instanceof ApiError ? `${i18n._(T.sendFailed)} ${apiErrorText(error)}` : i18n._(T.sendFailed)),
  });
  const [confirmBlock, setConfirmBlock] = useState(false);
  const block = useMutation({
    mutationFn: (blocked: boolean) => setBlocked(peerUid, blocked),
    onSuccess: (result) => {
      toast.success(result.blocked ? i18n._(T.blockedToast(name)) : i18n._(T.unblockedToast(name)), 'chat-block');
      return client.invalidateQueries({ queryKey: queryKeys.chatConversation(peerUid) });
    },
    onError: () => toast.error(i18n._(T.blockFailed), 'chat-block'),
  });
  // The per-message menu ("More" → "Report"): which message it is open for, and where.
  const [menu, setMenu] = useState<{ anchor: HTMLElement; messageId: string } | null>(null);
  const report = useMutation({
    mutationFn: (messageId: string) => reportChatMessage(messageId, ''),
    onSuccess: () => toast.success(i18n._(T.reported)),
    onError: () => toast.error(i18n._(T.reportFailed)),
  });

  const problem = chatMessageProblem(text);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem !== null) return;
    send.mutate({ id: randomId(), body: text.trim() });
    setText('');
  };

  return (
    // A column as tall as the screen above the bottom navigation: the messages grow, the composer
    // stays at the bottom (sticky) and, with the viewport's interactive-widget=resizes-content
    // (index.html), above the on-screen keyboard.
    <Container
      maxWidth="sm"
      sx={{ display: 'flex', flexDirection: 'column', minHeight: `calc(100dvh - ${clearance}px - env(safe-area-inset-bottom))` }}
    >
      {/* The header stays put while the messages scroll under it (issue 64). */}
      <Box sx={{ position: 'sticky', top: 0, zIndex: 'appBar', bgcolor: 'background.default', pt: 3 }}>
        <BackHeading
          parent="/root/chat"
          action={
            peer && (
              <Button
                size="small"
                color={blockedByMe ? 'primary' : 'error'}
                disabled={block.isPending}
                onClick={() => (blockedByMe ? block.mutate(false) : setConfirmBlock(true))}
              >
                {blockedByMe ? i18n._(T.unblock) : i18n._(T.block)}
              </Button>
            )
          }
        >
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, maxWidth: '100%' }}>
            <Box component="span" sx={NAME_SX}>
              {name || i18n._(T.heading)}
            </Box>
            {peer?.premium && <PremiumBadge />}
          </Box>
        </BackHeading>
      </Box>

      <Box sx={{ flex: '1 1 auto' }}>
        {history.isPending && conversation.isPending ? (
          <QueryLoading label={i18n._(T.loading)} fetchStatus={history.fetchStatus} />
        ) : history.isError && !history.data ? (
          <Alert severity="error" action={<Button onClick={() => void history.refetch()}>{i18n._(T.retry)}</Button>}>
            {i18n._(T.threadFailed)}
          </Alert>
        ) : (
          <>
            {history.hasNextPage && (
              <Box sx={{ textAlign: 'center', mb: 1 }}>
                <Button onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
                  {i18n._(T.loadOlder)}
                </Button>
              </Box>
            )}
            {bubbles.length === 0 && <Typography color="text.secondary">{i18n._(T.threadEmpty)}</Typography>}
            <Stack component="ol" aria-label={t`Messages with ${name}`} aria-live="polite" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {bubbles.map((b, i) => (
                <Box
                  component="li"
                  key={b.key}
                  sx={{
                    display: 'flex',
                    justifyContent: b.mine ? 'flex-end' : 'flex-start',
                    alignItems: 'center',
                    gap: 0.5,
                    mt: i === 0 ? 0 : bubbles[i - 1]!.endsGroup ? 1.5 : 0.5,
                  }}
                >
                  <Paper
                    variant="outlined"
                    sx={{
                      px: 1.5,
                      py: 1,
                      maxWidth: '80%',
                      bgcolor: b.mine ? 'primary.main' : 'background.paper',
                      color: b.mine ? 'primary.contrastText' : 'text.primary',
                    }}
                  >
                    <Typography sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{b.body}</Typography>
                    {b.endsGroup && (
                      <Typography variant="caption" component="p" sx={{ opacity: 0.9 }}>
                        {b.mine ? i18n._(T.you) : name} · {b.pending ? waitingText() : time(b.at, i18n.locale)}
                      </Typography>
                    )}
                  </Paper>
                  {!b.mine && b.id !== null && (
                    <IconButton
                      size="small"
                      aria-label={i18n._(T.more)}
                      aria-haspopup="menu"
                      aria-expanded={menu?.messageId === b.id}
                      onClick={(event) => setMenu({ anchor: event.currentTarget, messageId: b.id! })}
                      sx={{ color: 'text.secondary' }}
                    >
                      <MoreIcon fontSize="small" />
                    </IconButton>
                  )}
                </Box>
              ))}
            </Stack>
          </>
        )}
      </Box>

      <Box
        sx={{
          position: 'sticky',
          bottom: `calc(${clearance}px + env(safe-area-inset-bottom))`,
          bgcolor: 'background.default',
          pt: 1,
          pb: 1,
          mt: 1,
        }}
      >
        {conversation.data && !canSend ? (
          <Alert
            severity="info"
            action={
              blockedByMe && (
                <Button color="inherit" size="small" disabled={block.isPending} onClick={() => block.mutate(false)}>
                  {i18n._(T.unblock)}
                </Button>
              )
            }
          >
            {blockedByMe ? i18n._(T.blockedByMe(name)) : i18n._(T.cannotSend)}
          </Alert>
        ) : (
          <Box
            component="form"
            aria-label={i18n._(T.composer)}
            onSubmit={submit}
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
          >
            <TextField
              label={i18n._(T.messageLabel)}
              value={text}
              onChange={(e) => setText(e.target.value)}
              multiline
              maxRows={4}
              fullWidth
              size="small"
              error={problem === 'too_long'}
              helperText={problem === 'too_long' ? i18n._(T.tooLong) : `${text.length}/${CHAT_MESSAGE_MAX_LENGTH}`}
              slotProps={{ htmlInput: { maxLength: CHAT_MESSAGE_MAX_LENGTH + 100 } }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey) submit(e);
              }}
            />
            <Button type="submit" variant="contained" disabled={problem !== null || !conversation.data}>
              {i18n._(T.send)}
            </Button>
          </Box>
        )}
      </Box>

      <Menu anchorEl={menu?.anchor} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem
          disabled={report.isPending}
          onClick={() => {
            if (menu) report.mutate(menu.messageId);
            setMenu(null);
          }}
        >
          <ListItemIcon>
            <FlagIcon fontSize="small" />
          </ListItemIcon>
          {i18n._(T.report)}
        </MenuItem>
      </Menu>

      <Dialog open={confirmBlock} onClose={() => setConfirmBlock(false)} aria-labelledby="block-title" aria-describedby="block-text">
        <DialogTitle id="block-title">{i18n._(T.blockConfirmTitle(name))}</DialogTitle>
        <DialogContent>
          <DialogContentText id="block-text">{i18n._(T.blockConfirmBody)}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmBlock(false)}>{i18n._(T.cancel)}</Button>
          <Button
            color="error"
            onClick={() => {
              setConfirmBlock(false);
              block.mutate(true);
            }}
          >
            {i18n._(T.block)}
          </Button>
        </DialogActions>
      </Dialog>
    </Container>
  );
}
