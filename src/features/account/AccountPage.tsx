import { useCallback, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ActivityIcon from '@mui/icons-material/History';
import HelpIcon from '@mui/icons-material/HelpOutline';
import EditIcon from '@mui/icons-material/ManageAccountsOutlined';
import PostsIcon from '@mui/icons-material/PhotoLibraryOutlined';
import AdminIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import ReportIcon from '@mui/icons-material/MedicalInformationOutlined';
import DataIcon from '@mui/icons-material/DownloadOutlined';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { ListItemLink } from '../../components/links';
import { PageContainer } from '../../components/PageContainer';
import { useAction } from '../../components/toast/use-action';
import { useCurrentUser } from '../../api/me.queries';
import { openLoginWall, useAuthState } from '../../state/app.state';
import { signOut } from '../auth/auth-session';
import { InstallAppCard } from '../install/InstallAppCard';
import { clearUserData } from '../outbox/clear-user-data';
import { unsubscribeOnSignOut } from '../push/push-device';
import { SignOutConfirmDialog } from '../outbox/SignOutConfirmDialog';
import { useOutboxEntries } from '../outbox/use-outbox';
import { AccountSettings } from './AccountSettings';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { ProfileHeader } from './ProfileHeader';
import { StreakCard } from '../streak/StreakCard';
import { AchievementsSection } from '../leagues/AchievementsSection';
import LeaguesIcon from '@mui/icons-material/Groups';

/** /root/account: the user's profile, settings, links to the account screens, sign-out and deletion. */
export function AccountPage() {
  const navigate = useNavigate();
  const { t } = useLingui();
  const user = useCurrentUser();
  const { isAnonymous } = useAuthState();
  const uid = user?.uid ?? null;
  // Signing out forgets what this user queued and saved on this device.
  const signOutAndClear = useCallback(async () => {
    // While the session still exists; best effort and bounded, never blocks signing out.
    await unsubscribeOnSignOut();
    await signOut();
    await clearUserData(uid);
  }, [uid]);
  const { busy, run: runSignOut } = useAction(signOutAndClear);
  const [deleting, setDeleting] = useState(false);
  const pending = useOutboxEntries().length;
  const [confirming, setConfirming] = useState(false);

  const onSignOut = async (confirmed = false) => {
    // Queued writes are lost on sign-out: ask first.
    if (pending > 0 && !confirmed) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    if ((await runSignOut()).ok) await navigate({ to: '/' });
  };

  return (
    <PageContainer>
      <Typography component="h1" variant="h4" gutterBottom>
        <Trans>Account</Trans>
      </Typography>
      {user === null ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={t`Loading your account`} />
        </Box>
      ) : (
        <>
          {isAnonymous && (
            <Alert
              severity="info"
              sx={{ mb: 3 }}
              action={
                <Button color="inherit" size="small" onClick={() => openLoginWall('keep-account')}>
                  <Trans>Create account</Trans>
                </Button>
              }
            >
              <Trans>Create an account to keep your posts</Trans>
            </Alert>
          )}
          <ProfileHeader user={user} />
          <StreakCard />
          {/* What I earned and how far to the next ones (issue 64). */}
          <AchievementsSection uid={user.uid} own />
          <AccountSettings user={user} />
          <Paper component="nav" aria-label={t`Account`} sx={{ mb: 3 }}>
            <List disablePadding>
              <ListItemLink to="/root/user/$uid" params={{ uid: user.uid }}>
                <ListItemIcon>
                  <PostsIcon />
                </ListItemIcon>
                <ListItemText primary={t`My posts`} />
              </ListItemLink>
              <ListItemLink to="/root/account/edit">
                <ListItemIcon>
                  <EditIcon />
                </ListItemIcon>
                <ListItemText primary={t`Edit profile`} />
              </ListItemLink>
              {/* Leagues (issue 44). */}
              <ListItemLink to="/root/leagues">
                <ListItemIcon>
                  <LeaguesIcon />
                </ListItemIcon>
                <ListItemText primary={t`Leagues`} />
              </ListItemLink>
              <ListItemLink to="/root/account/activity">
                <ListItemIcon>
                  <ActivityIcon />
                </ListItemIcon>
                <ListItemText primary={t`Activity`} />
              </ListItemLink>
              {/* The health diary (issue 43): the doctor's report, made on the device. */}
              <ListItemLink to="/root/account/report">
                <ListItemIcon>
                  <ReportIcon />
                </ListItemIcon>
                <ListItemText primary={t`Report for my doctor`} />
              </ListItemLink>
              <ListItemLink to="/root/account/data">
                <ListItemIcon>
                  <DataIcon />
                </ListItemIcon>
                <ListItemText primary={t`Download my data`} />
              </ListItemLink>
              <ListItemLink to="/root/account/help">
                <ListItemIcon>
                  <HelpIcon />
                </ListItemIcon>
                <ListItemText primary={t`Help`} />
              </ListItemLink>
              {user.admin && (
                // Moderation (issue 24): only admins see the way in.
                <ListItemLink to="/root/account/admin/type">
                  <ListItemIcon>
                    <AdminIcon />
                  </ListItemIcon>
                  <ListItemText primary={t`Admin`} />
                </ListItemLink>
              )}
            </List>
          </Paper>
        </>
      )}
      <InstallAppCard />
      <Stack spacing={2}>
        {isAnonymous && (
          <Typography variant="body2" color="text.secondary">
            <Trans>You are using Plop as a guest: signing out loses this account unless you create one first.</Trans>
          </Typography>
        )}
        <Button variant="outlined" disabled={busy} onClick={() => void onSignOut()}>
          <Trans>Sign out</Trans>
        </Button>
        <Button variant="text" color="error" disabled={user === null} onClick={() => setDeleting(true)}>
          <Trans>Delete account</Trans>
        </Button>
      </Stack>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
      <SignOutConfirmDialog
        open={confirming}
        count={pending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void onSignOut(true)}
      />
    </PageContainer>
  );
}
