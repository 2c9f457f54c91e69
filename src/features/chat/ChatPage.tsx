import { useState } from 'react';
import Alert from '@mui/material/Alert';
import NewMessageIcon from '@mui/icons-material/EditOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from '@tanstack/react-router';
import { isPremium } from '../../../core/user';
import { conversationsQuery } from '../../api/chat.api';
import { BackHeading } from '../../components/BackButton';
import { ListItemButtonLink } from '../../components/links';
import { PageContainer } from '../../components/PageContainer';
import { NAME_SX } from '../../components/text-wrap';
import { useCurrentUser } from '../../state/app.state';
import { avatarInitial } from '../account/account-format';
import { CHAT_TEXTS as T, conversationTime } from './chat-texts';
import { ChatThread } from './ChatThread';
import { NewMessageDialog } from './NewMessageDialog';
import { PremiumBadge } from './PremiumBadge';
import { QueryLoading } from '../../components/QueryLoading';

/** /root/chat (premium only): the conversations, or one conversation with `?with={uid}`. */
export function ChatPage({ peer }: { peer: string | undefined }) {
  const user = useCurrentUser();
  const { i18n } = useLingui();
  const premium = user !== null && isPremium(user);
  // The chat socket is RootLayout's (useChatLive): the top bar's unread count moves on every screen.

  if (user === null) {
    return (
      <PageContainer>
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={i18n._(T.loading)} />
        </Box>
      </PageContainer>
    );
  }
  // The server refuses chat to non-premium users too; the app sends them to what premium is.
  if (!premium) return <Navigate to="/root/premium" replace />;
  return peer === undefined ? <ConversationList me={user.uid} /> : <ChatThread key={peer} me={user.uid} peerUid={peer} />;
}

function ConversationList({ me }: { me: string }) {
  const query = useQuery(conversationsQuery());
  const { i18n } = useLingui();
  const now = new Date();
  const [starting, setStarting] = useState(false);
  return (
    <PageContainer>
      <BackHeading
        parent="/root"
        action={
          <Button variant="contained" size="small" startIcon={<NewMessageIcon />} onClick={() => setStarting(true)}>
            {i18n._(T.newMessage)}
          </Button>
        }
      >
        {i18n._(T.heading)}
      </BackHeading>
      <NewMessageDialog me={me} open={starting} onClose={() => setStarting(false)} />
      {query.isPending ? (
        <QueryLoading label={i18n._(T.loading)} fetchStatus={query.fetchStatus} />
      ) : query.isError && !query.data ? (
        <Alert severity="error" action={<Button onClick={() => void query.refetch()}>{i18n._(T.retry)}</Button>}>
          {i18n._(T.listFailed)}
        </Alert>
      ) : query.data.conversations.length === 0 ? (
        <Typography color="text.secondary">{i18n._(T.empty)}</Typography>
      ) : (
        <List aria-label={i18n._(T.heading)}>
          {query.data.conversations.map((c) => (
            <ListItem key={c.peer.uid} disablePadding>
              <ListItemButtonLink to="/root/chat" search={{ with: c.peer.uid }} sx={{ borderRadius: 1 }}>
                <ListItemAvatar>
                  <Avatar src={c.peer.photoURL || undefined} alt="">
                    {avatarInitial(c.peer.username)}
                  </Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={
                    <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
                      <Box component="span" sx={{ ...NAME_SX, fontWeight: c.unread > 0 ? 700 : 400 }}>
                        {c.peer.username}
                      </Box>
                      {c.peer.premium && <PremiumBadge />}
                    </Box>
                  }
                  secondary={
                    c.lastMessage ? (c.lastMessage.senderUid === me ? i18n._(T.lastFromMe(c.lastMessage.body)) : c.lastMessage.body) : ''
                  }
                  slotProps={{ secondary: { noWrap: true, sx: c.unread > 0 ? { color: 'text.primary', fontWeight: 600 } : undefined } }}
                  sx={{ minWidth: 0 }}
                />
                <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5, ml: 1, flexShrink: 0 }}>
                  {c.lastMessage && (
                    <Typography component="time" variant="caption" color="text.secondary" dateTime={c.lastMessage.createdAt}>
                      {conversationTime(c.lastMessage.createdAt, now, i18n.locale)}
                    </Typography>
                  )}
                  {c.unread > 0 && <Chip label={i18n._(T.unread(c.unread))} color="primary" size="small" />}
                </Box>
              </ListItemButtonLink>
            </ListItem>
          ))}
        </List>
      )}
    </PageContainer>
  );
}
