import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Trans, useLingui } from '@lingui/react/macro';
import { BackHeading } from '../../components/BackButton';
import { PageContainer } from '../../components/PageContainer';
import { useCurrentUser } from '../../api/me.queries';
import { AvatarEditor } from './AvatarEditor';
import { UsernameForm } from './UsernameForm';

/** /root/account/edit: the avatar and the username. */
export function EditProfilePage() {
  const user = useCurrentUser();
  const { t } = useLingui();
  return (
    <PageContainer>
      <BackHeading parent="/root/account">
        <Trans>Edit profile</Trans>
      </BackHeading>
      {user === null ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={t`Loading your profile`} />
        </Box>
      ) : (
        <>
          <Paper component="section" aria-labelledby="avatar-heading" sx={{ p: 3, mb: 3 }}>
            <Typography id="avatar-heading" component="h2" variant="h6" gutterBottom>
              <Trans>Avatar</Trans>
            </Typography>
            <AvatarEditor user={user} />
          </Paper>
          <Paper component="section" aria-labelledby="username-heading" sx={{ p: 3 }}>
            <Typography id="username-heading" component="h2" variant="h6" gutterBottom>
              <Trans>Username</Trans>
            </Typography>
            <UsernameForm user={user} />
          </Paper>
        </>
      )}
    </PageContainer>
  );
}
