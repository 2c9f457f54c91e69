import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EMPTY_HEALTH_DETAILS, type HealthDetails } from '../../../core/diary';
import type { PoopType } from '../../../core/poop';
import { saveDiaryEntry } from '../../api/diary.api';
import { isQueued } from '../../api/outbox';
import { queuedText } from '../outbox/outbox-texts';
import { queryKeys } from '../../api/query-keys';
import { PageContainer } from '../../components/PageContainer';
import { useToast } from '../../components/toast/use-toast';
import { randomId } from '../../lib/random-id';
import { messageForError } from '../auth/auth-errors';
import { useRequireAccount } from '../auth/use-require-account';
import { refreshUserAfterActivity } from '../welcome/refresh-after-post';
import { PoopTypePicker } from '../create/PoopTypePicker';
import { HealthDetailsFields } from './HealthDetailsPanel';
import { DIARY_TEXT } from './diary-text';
import { fromLocalInput, isAcceptedEntryTime, toLocalInput } from './diary-time';

/**
 * /root/diary: a diary-only entry (issue 43), a movement logged without a photo: its type, when
 * (now unless changed) and the private details. Private by construction (it never becomes a
 * post) and counted for the streak. Saved under an id made here, through the outbox when offline.
 */
export function DiaryEntryPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const client = useQueryClient();
  const requireAccount = useRequireAccount();
  const [id] = useState(randomId);
  const [type, setType] = useState<PoopType | null>(null);
  const [when, setWhen] = useState(() => toLocalInput(new Date()));
  const [details, setDetails] = useState<HealthDetails>(EMPTY_HEALTH_DETAILS);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);

  const at = fromLocalInput(when);
  const whenError = at === null || !isAcceptedEntryTime(at, new Date()) ? DIARY_TEXT.whenInvalid : undefined;
  const typeError = type === null ? DIARY_TEXT.typeRequired : undefined;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving || !requireAccount('post')) return;
    setSubmitted(true);
    if (type === null || at === null || whenError !== undefined) {
      if (type === null) document.querySelector<HTMLInputElement>('input[name="diary-type"]')?.focus();
      else document.getElementById('diary-when')?.focus();
      return;
    }
    setSaving(true);
    try {
      const result = await saveDiaryEntry(id, { type, occurredAt: at.toISOString(), details });
      if (isQueued(result)) toast.info(queuedText());
      else {
        toast.success(DIARY_TEXT.entrySaved);
        // The entry moved the streak: the user record is read again and what it earned is shown
        // (issue 64: a first entry gets the same moment as a first post), on Activity where it lands.
        refreshUserAfterActivity({ payoff: true, diaryEntry: true });
        void client.invalidateQueries({ queryKey: queryKeys.diary() });
      }
      await navigate({ to: '/root/account/activity' });
    } catch (error) {
      setSaving(false);
      toast.error(messageForError(error));
    }
  };

  return (
    <PageContainer>
      <Typography component="h1" variant="h4" gutterBottom>
        {DIARY_TEXT.diaryTitle}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {DIARY_TEXT.diaryIntro}
      </Typography>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label={DIARY_TEXT.diaryTitle}>
        <Stack spacing={3}>
          <PoopTypePicker
            value={type}
            onChange={setType}
            error={submitted ? typeError : undefined}
            disabled={saving}
            idPrefix="diary"
            diary
          />
          <TextField
            id="diary-when"
            label={DIARY_TEXT.when}
            type="datetime-local"
            value={when}
            onChange={(event) => setWhen(event.target.value)}
            error={submitted && whenError !== undefined}
            helperText={submitted && whenError !== undefined ? whenError : DIARY_TEXT.backfillNote}
            disabled={saving}
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
          />
          <HealthDetailsFields value={details} onChange={setDetails} disabled={saving} idPrefix="diary" />
          <Button type="submit" variant="contained" size="large" disabled={saving}>
            {DIARY_TEXT.saveEntry}
          </Button>
        </Stack>
      </Box>
    </PageContainer>
  );
}
