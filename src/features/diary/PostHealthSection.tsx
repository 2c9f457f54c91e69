import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { HealthDetails } from '../../../core/diary';
import { postHealthQuery, savePostHealth } from '../../api/diary.api';
import { isQueued } from '../../api/outbox';
import { queryKeys } from '../../api/query-keys';
import { useToast } from '../../components/toast/use-toast';
import { messageForError } from '../auth/auth-errors';
import { HealthDetailsFields } from './HealthDetailsPanel';
import { DIARY_TEXT } from './diary-text';

/** The author's own health details of their post, editable (issue 43). Rendered for the author only. */
export function PostHealthSection({ poopId }: { poopId: string }) {
  const query = useQuery(postHealthQuery(poopId));
  return (
    <Paper component="section" aria-labelledby="post-health-heading" variant="outlined" sx={{ p: 2, my: 2 }}>
      <Typography id="post-health-heading" component="h2" variant="h6">
        {DIARY_TEXT.postSection}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {DIARY_TEXT.postSectionHelp}
      </Typography>
      {query.isPending && <CircularProgress aria-label={DIARY_TEXT.chartsLoading} />}
      {query.isError && <Alert severity="error">{DIARY_TEXT.loadFailed}</Alert>}
      {query.data && <PostHealthForm key={JSON.stringify(query.data)} poopId={poopId} initial={query.data} />}
    </Paper>
  );
}

function PostHealthForm({ poopId, initial }: { poopId: string; initial: HealthDetails }) {
  const toast = useToast();
  const client = useQueryClient();
  const [details, setDetails] = useState(initial);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      const result = await savePostHealth(poopId, details);
      if (isQueued(result)) {
        client.setQueryData(queryKeys.postHealth(poopId), details);
        toast.info(DIARY_TEXT.savedQueued);
      } else {
        client.setQueryData(queryKeys.postHealth(poopId), result.details);
        void client.invalidateQueries({ queryKey: queryKeys.diary() });
        toast.success(DIARY_TEXT.saved);
      }
    } catch (error) {
      toast.error(messageForError(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <HealthDetailsFields value={details} onChange={setDetails} disabled={saving} idPrefix="post" />
      <Button variant="contained" sx={{ mt: 2 }} onClick={() => void save()} disabled={saving}>
        {DIARY_TEXT.save}
      </Button>
    </>
  );
}
