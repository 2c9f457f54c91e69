import { useState } from 'react';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useLingui } from '@lingui/react/macro';
import { activateLocale } from '../../i18n/i18n';
import { chosenLocale, currentLocale, LOCALE_NAMES, LOCALES, saveChosenLocale, type Locale } from '../../i18n/locale';

/** "Follow the device" in the menu; any other value is a locale. */
const DEVICE = 'device';

/**
 * The app's language on this device: the device's own (the default) or one chosen here. The
 * screens change at once; the choice is kept on this device.
 */
export function LanguageSetting() {
  const { t } = useLingui();
  const [choice, setChoice] = useState<Locale | typeof DEVICE>(() => chosenLocale() ?? DEVICE);
  const [changing, setChanging] = useState(false);

  const change = async (value: string) => {
    const locale = LOCALES.find((candidate) => candidate === value) ?? null;
    setChoice(locale ?? DEVICE);
    saveChosenLocale(locale);
    setChanging(true);
    try {
      await activateLocale(locale ?? currentLocale());
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
