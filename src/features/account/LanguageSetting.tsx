import { useState } from 'react';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useLingui } from '@lingui/react/macro';
import type { User } from '../../../core/user';
import { updateMe } from '../../api/me.api';
import { useToast } from '../../components/toast/use-toast';
import { activateLocale } from '../../i18n/i18n';
import { setCurrentUser } from '../../state/app.state';
import { messageForError } from '../auth/auth-errors';
import { chosenLocale, currentLocale, LOCALE_NAMES, LOCALES, saveChosenLocale, type Locale } from '../../i18n/locale';

/** "Follow the device" in the menu; any other value is a locale. */
const DEVICE = 'device';

/**
 * The app's language: the device's own (the default) or one chosen here. The screens change at
 * once; the choice is kept on this device and on the account, so it follows the person to their
 * other devices (i18n/account-language.ts) and their pushes are worded in it.
 */
export function LanguageSetting({ user }: { user: User }) {
  const { t } = useLingui();
  const toast = useToast();
  const [choice, setChoice] = useState<Locale | typeof DEVICE>(() => user.language ?? chosenLocale() ?? DEVICE);
  const [changing, setChanging] = useState(false);

  const change = async (value: string) => {
    const locale = LOCALES.find((candidate) => candidate === value) ?? null;
    setChoice(locale ?? DEVICE);
    saveChosenLocale(locale);
    setChanging(true);
    try {
      await activateLocale(locale ?? currentLocale());
      setCurrentUser(await updateMe({ language: locale }));
    } catch (error) {
      // This device keeps the choice; the account did not get it (offline, a refusal): say so.
      toast.error(messageForError(error));
    } finally {
      setChanging(false);
    }
  };

  return (
    <ListItem disableGutters>
      <ListItemText
        primary={t`Language`}
        secondary={t`Plop speaks English and Italian. Until you choose, it follows your device.`}
        slotProps={{ primary: { id: 'setting-language' } }}
        sx={{ pr: 2 }}
      />
      <TextField
        select
        size="small"
        value={choice}
        disabled={changing}
        onChange={(event) => void change(event.target.value)}
        slotProps={{ htmlInput: { 'aria-label': t`Language` } }}
        sx={{ minWidth: 132 }}
      >
        <MenuItem value={DEVICE}>{t`Device language`}</MenuItem>
        {LOCALES.map((locale) => (
          // Each language is named in itself, so a person who cannot read the current one finds theirs.
          <MenuItem key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </MenuItem>
        ))}
      </TextField>
    </ListItem>
  );
}
