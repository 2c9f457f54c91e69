import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { SEARCH_QUERY_MAX_LENGTH } from '../../../core/constants';
import { ListItemButtonLink } from '../../components/links';
import { QueryLoading } from '../../components/QueryLoading';
import { NAME_SX } from '../../components/text-wrap';
import { avatarInitial } from '../account/account-format';
import { useUserSearch } from '../users/use-user-search';
import { CHAT_TEXTS as T } from './chat-texts';
import { PremiumBadge } from './PremiumBadge';

/**
 * Starting a conversation from the Chat screen (issue 64): a search among the premium members
 * (the only ones a premium member may write to); choosing one opens the thread.
 */
export function NewMessageDialog({ me, open, onClose }: { me: string; open: boolean; onClose: () => void }) {
  const { input, setInput, results, typed, waiting } = useUserSearch();
  const { i18n } = useLingui();
  const people = (results.data ?? []).filter((user) => user.premium && user.uid !== me);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="new-message-title">
      <DialogTitle id="new-message-title">{i18n._(T.newMessage)}</DialogTitle>
      <DialogContent>
        <TextField
          type="search"
          label={i18n._(T.searchPeople)}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          fullWidth
          autoFocus
          autoComplete="off"
          margin="dense"
          helperText={i18n._(T.searchPeopleHelp)}
          slotProps={{ htmlInput: { maxLength: SEARCH_QUERY_MAX_LENGTH } }}
        />
        {!typed ? null : waiting ? (
          <QueryLoading label={i18n._(T.searching)} fetchStatus={results.fetchStatus} />
        ) : results.isError ? (
          <Typography color="error" sx={{ py: 1 }}>
            {i18n._(T.searchFailed)}
          </Typography>
        ) : people.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 1 }}>
            {i18n._(T.noPeople)}
          </Typography>
        ) : (
          <List aria-label={i18n._(T.peopleFound)}>
            {people.map((user) => (
              <ListItem key={user.uid} disablePadding>
                <ListItemButtonLink to="/root/chat" search={{ with: user.uid }} onClick={onClose} sx={{ borderRadius: 1 }}>
                  <ListItemAvatar>
                    <Avatar src={user.photoURL || undefined} alt="">
                      {avatarInitial(user.username)}
                    </Avatar>
                  </ListItemAvatar>
                  <ListItemText
                    primary={
                      <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
                        <Box component="span" sx={NAME_SX}>
                          {user.username}
                        </Box>
                        <PremiumBadge />
                      </Box>
                    }
                    sx={{ minWidth: 0 }}
                  />
                </ListItemButtonLink>
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{i18n._(T.cancel)}</Button>
      </DialogActions>
    </Dialog>
  );
}
