import { useEffect, useState } from 'react';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { UpdateMeBody } from '../../../core/account-api';
import type { User } from '../../../core/user';
import { updateMe } from '../../api/me.api';
import { useToast } from '../../components/toast/use-toast';
import { setCurrentUser } from '../../state/app.state';
import { messageForError } from '../auth/auth-errors';
import { isDeviceSubscribed } from '../push/push-device';
import { askPushPermission, disablePushOnDevice, enablePushOnDevice, type PermissionOutcome } from '../push/push-switch';
import { StreakReminderSetting } from '../streak/StreakReminderSetting';
import { LanguageSetting } from './LanguageSetting';

export type SettingKey = 'darkMode' | 'alwaysView' | 'enableNotifications';

const SETTINGS: ReadonlyArray<{ key: SettingKey; label: MessageDescriptor; help: MessageDescriptor }> = [
  {
    key: 'darkMode',
    label: msg`Dark mode`,
    help: msg`Use the dark theme on every device you sign in on. Until you choose, Plop follows your device.`,
  },
  { key: 'alwaysView', label: msg`Show photos unblurred`, help: msg`Photos in the feed are blurred until tapped unless this is on.` },
  { key: 'enableNotifications', label: msg`Notifications`, help: msg`Hear about likes, comments and new followers.` },
];

/**
 * The user's switches, saved with PATCH /api/me. The change shows at once (the theme
 * switches immediately) and is undone with a toast if the server refuses it.
 */
export function AccountSettings({ user }: { user: User }) {
  const toast = useToast();
  const { i18n } = useLingui();
  // Dark mode not chosen yet: the switch shows what the device's setting gives.
  const showsDark = useTheme().palette.mode === 'dark';
  const [saving, setSaving] = useState<SettingKey | null>(null);
  // Notifications read on only when this device really is subscribed (the setting is the account's).
  const [deviceSubscribed, setDeviceSubscribed] = useState(false);
  useEffect(() => {
    let current = true;
    isDeviceSubscribed().then(
      (subscribed) => {
        if (current) setDeviceSubscribed(subscribed);
      },
      (error: unknown) => console.warn('Could not read the push subscription', error),
    );
    return () => {
      current = false;
    };
  }, []);
  const checked = (key: SettingKey): boolean =>
    key === 'enableNotifications' && saving !== key
      ? user.enableNotifications && deviceSubscribed
      : (user[key] ?? (key === 'darkMode' && showsDark));

  const change = async (key: SettingKey, value: boolean, asked?: Promise<PermissionOutcome>) => {
    // Turning notifications on asks for permission now, inside the user's gesture (never on load).
    const permission: Promise<PermissionOutcome> | null = key === 'enableNotifications' && value ? (asked ?? askPushPermission()) : null;
    const before = user;
    const changed: User = { ...user };
    changed[key] = value;
    const body: UpdateMeBody = {};
    body[key] = value;
    setCurrentUser(changed);
    setSaving(key);
    try {
      const saved = await updateMe(body);
      setCurrentUser(saved);
      // The setting is saved either way; this device follows it (a failure is told, the switch stays as saved).
      if (key === 'enableNotifications') {
        if (permission !== null && saved.enableNotifications) {
          const subscribed = await enablePushOnDevice(saved.uid, permission);
          setDeviceSubscribed(subscribed);
          // Nothing subscribed and it was off before: put the account back as it was.
          if (!subscribed && !before.enableNotifications) setCurrentUser(await updateMe({ enableNotifications: false }));
        } else if (!saved.enableNotifications) {
          await disablePushOnDevice();
          setDeviceSubscribed(false);
        }
      }
    } catch (error) {
      setCurrentUser(before);
      toast.error(messageForError(error));
    } finally {
      setSaving(null);
    }
  };

  return (
    <Paper component="section" aria-labelledby="settings-heading" sx={{ p: 3, mb: 3 }}>
      <Typography id="settings-heading" component="h2" variant="h6" gutterBottom>
        <Trans>Settings</Trans>
      </Typography>
      <List disablePadding>
        {SETTINGS.map(({ key, label, help }) => (
          <ListItem
            key={key}
            disableGutters
            secondaryAction={
              <Switch
                edge="end"
                checked={checked(key)}
                disabled={saving === key}
                onChange={(event) => void change(key, event.target.checked)}
                slotProps={{ input: { 'aria-labelledby': `setting-${key}`, 'aria-describedby': `setting-${key}-help` } }}
              />
            }
          >
            <ListItemText
              primary={i18n._(label)}
              secondary={i18n._(help)}
              slotProps={{ primary: { id: `setting-${key}` }, secondary: { id: `setting-${key}-help` } }}
              sx={{ pr: 6 }}
            />
          </ListItem>
        ))}
        {/* Streak habits (issue 44): on needs notifications on this device; it turns them on (asking then). */}
        <StreakReminderSetting
          notificationsOn={user.enableNotifications && deviceSubscribed}
          enableNotifications={(asked) => change('enableNotifications', true, asked)}
        />
        <LanguageSetting user={user} />
      </List>
    </Paper>
  );
}
