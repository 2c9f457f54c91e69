import { useState } from 'react';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Switch from '@mui/material/Switch';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import { streakQuery, updateStreakSettings } from '../../api/streak.api';
import { toast } from '../../components/toast/use-toast';
import { messageForError } from '../auth/auth-errors';
import { askPushPermission, type PermissionOutcome } from '../push/push-switch';
import { STREAK_TEXT } from './streak-text';

/**
 * The "Streak reminders" switch of the settings (issue 44). On by default, it reads on only
 * while notifications are on for this device too; turning it on with notifications off turns
 * them on through the Notifications switch's flow, asking for permission inside this gesture.
 */
export function StreakReminderSetting({
  notificationsOn,
  enableNotifications,
}: {
  notificationsOn: boolean;
  enableNotifications: (permission: Promise<PermissionOutcome>) => Promise<void>;
}) {
  useLingui();
  const status = useQuery(streakQuery()).data;
  const [saving, setSaving] = useState(false);
  const reminders = status?.reminders ?? true;

  const change = async (value: boolean) => {
    // Asked synchronously, inside the gesture: browsers ignore a request made after an await.
    const permission = value && !notificationsOn ? askPushPermission() : null;
    setSaving(true);
    try {
      if (value !== reminders) queryClient.setQueryData(queryKeys.streak(), await updateStreakSettings({ reminders: value }));
      if (permission) await enableNotifications(permission);
    } catch (error) {
      toast.error(messageForError(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <ListItem
      disableGutters
      secondaryAction={
        <Switch
          edge="end"
          checked={reminders && notificationsOn}
          disabled={saving || status === undefined}
          onChange={(event) => void change(event.target.checked)}
          slotProps={{ input: { 'aria-labelledby': 'setting-streakReminders', 'aria-describedby': 'setting-streakReminders-help' } }}
        />
      }
    >
      <ListItemText
        primary={STREAK_TEXT.reminders}
        secondary={STREAK_TEXT.remindersHelp}
        slotProps={{ primary: { id: 'setting-streakReminders' }, secondary: { id: 'setting-streakReminders-help' } }}
        sx={{ pr: 6 }}
      />
    </ListItem>
  );
}
