import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { SEARCH_QUERY_MAX_LENGTH } from '../../../core/constants';
import type { PublicUser } from '../../../core/social-api';
import { mostFollowedQuery } from '../../api/users.queries';
import { PageContainer } from '../../components/PageContainer';
import { QueryLoading } from '../../components/QueryLoading';
import { FollowButton } from '../users/FollowButton';
import { UserRow } from '../users/UserRow';
import { useUserSearch } from '../users/use-user-search';

function Users({ users, label }: { users: PublicUser[]; label: string }) {
  return (
    <List aria-label={label}>
      {users.map((user) => (
        <UserRow
          key={user.uid}
          user={user}
          secondary={plural(user.followers, { one: '# follower', other: '# followers' })}
          trailing={<FollowButton user={user} size="small" />}
        />
      ))}
    </List>
  );
}

/** /root/find: username search (prefix first, then similar names), debounced; the most followed before typing. */
export function FindPage() {
  const { input, setInput, term, results, typed, waiting } = useUserSearch();
  const mostFollowed = useQuery({ ...mostFollowedQuery(), enabled: !typed });
  const { t } = useLingui();

  return (
    <PageContainer>
      <Typography component="h1" variant="h4" gutterBottom>
        <Trans>Find</Trans>
      </Typography>
      <TextField
        type="search"
        label={t`Search users`}
        value={input}
        onChange={(event) => setInput(event.target.value)}
        fullWidth
        autoComplete="off"
        slotProps={{
          htmlInput: { maxLength: SEARCH_QUERY_MAX_LENGTH },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
        sx={{ mb: 2 }}
      />
      <div aria-live="polite">
        {typed ? (
          waiting ? (
            <QueryLoading label={t`Searching`} fetchStatus={results.fetchStatus} />
          ) : results.isError ? (
            <Typography color="error" role="alert">
              <Trans>Search failed. Check your connection and try again.</Trans>
            </Typography>
          ) : results.data && results.data.length > 0 ? (
            <Users users={results.data} label={t`Search results`} />
          ) : (
            <Typography color="text.secondary">
              <Trans>No users found for "{term}".</Trans>
            </Typography>
          )
        ) : (
          <>
            <Typography component="h2" variant="h6">
              <Trans>Most followed</Trans>
            </Typography>
            {mostFollowed.isPending ? (
              <QueryLoading label={t`Loading the most followed users`} fetchStatus={mostFollowed.fetchStatus} />
            ) : mostFollowed.isError ? (
              <Typography color="error">
                <Trans>Could not load the most followed users.</Trans>
              </Typography>
            ) : mostFollowed.data.length === 0 ? (
              <Typography color="text.secondary">
                <Trans>Nobody here yet.</Trans>
              </Typography>
            ) : (
              <Users users={mostFollowed.data} label={t`Most followed`} />
            )}
          </>
        )}
      </div>
    </PageContainer>
  );
}
