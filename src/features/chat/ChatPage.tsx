import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
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
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate } from '@tanstack/react-router';
import { isPremium } from '../../../core/user';
import { conversationsQuery } from '../../api/chat.api';
import { onOutboxReplayed } from '../../api/outbox';
import { queryKeys } from '../../api/query-keys';
import { BackHeading } from '../../components/BackButton';
import { ListItemButtonLink } from '../../components/links';
import { PageContainer } from '../../components/PageContainer';
import { NAME_SX } from '../../components/text-wrap';
import { useCurrentUser } from '../../state/app.state';
import { avatarInitial } from '../account/account-format';
import { connectChatSocket } from './chat-socket';
import { CHAT_TEXTS as T } from './chat-texts';
import { ChatThread } from './ChatThread';
import { PremiumBadge } from './PremiumBadge';

/** /root/chat (premium only): the conversations, or one conversation with `?with={uid}`. */
export function ChatPage({ peer }: { peer: string | undefined }) {
  const user = useCurrentUser();
  const client = useQueryClient();
  const premium = user !== null && isPremium(user);
  const uid = user?.uid;

  useEffect(() => {
    if (!premium || uid === undefined) return;
    const stop = connectChatSocket(client, uid, () => undefined);
    // A message sent from the outbox is in the history once the replay is done.
    const stopReplays = onOutboxReplayed((report) => {
      if (report.sent.length > 0) void client.invalidateQueries({ queryKey: queryKeys.chat() });
    });
    return () => {
      stop();
      stopReplays();
    };
  }, [client, premium, uid]);

  if (user === null) {
    return (
      <PageContainer>
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={T.loading} />
        </Box>
      </PageContainer>
    );
  }
  // The server refuses chat to non-premium users too; the app sends them to what premium is.
  if (!premium) return <Navigate to="/root/premium" replace />;
  return peer === undefined ? <ConversationList /> : <ChatThread key={peer} me={user.uid} peerUid={peer} />;
}

function ConversationList() {
  const query = useQuery(conversationsQuery());
  return (
    <PageContainer>
      <BackHeading parent="/root">{T.heading}</BackHeading>
      {query.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={T.loading} />
        </Box>
      ) : query.isError && !query.data ? (
        <Alert severity="error" action={<Button onClick={() => void query.refetch()}>{T.retry}</Button>}>
          {T.listFailed}
        </Alert>
      ) : query.data.conversations.length === 0 ? (
        <Typography color="text.secondary">{T.empty}</Typography>
      ) : (
        <List aria-label={T.heading}>
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
                  secondary={c.lastMessage ? c.lastMessage.body : ''}
                  slotProps={{ secondary: { noWrap: true } }}
                  sx={{ minWidth: 0 }}
                />
                {c.unread > 0 && <Chip label={T.unread(c.unread)} color="primary" size="small" sx={{ ml: 1 }} />}
              </ListItemButtonLink>
            </ListItem>
          ))}
        </List>
      )}
    </PageContainer>
  );
}
