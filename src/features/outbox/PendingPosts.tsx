import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OutboxEntry } from '../../../core/outbox';
import { isPoopType } from '../../../core/poop';
import { useLingui } from '@lingui/react/macro';
import { poopTypeLabel, poopTypeName } from '../poops/poop-type-labels';
import { PendingChip } from './PendingChip';
import { useObjectUrl, usePendingPosts } from './use-outbox';

/** Posts still in the outbox, with their local photo and a 'Waiting for connection' chip (feed and profile). */
export function PendingPosts() {
  const { t } = useLingui();
  const posts = usePendingPosts();
  if (posts.length === 0) return null;
  return (
    <Stack spacing={2} sx={{ mb: 2 }} aria-label={t`Posts waiting to be sent`} component="section">
      {posts.map((entry) => (
        <PendingPostCard key={entry.id} entry={entry} />
      ))}
    </Stack>
  );
}

function PendingPostCard({ entry }: { entry: OutboxEntry }) {
  const { t } = useLingui();
  const url = useObjectUrl(entry.photo?.bytes, entry.photo?.type);
  const fields = new Map(entry.photo?.fields ?? []);
  const type = fields.get('type') ?? '';
  const title = (fields.get('title') ?? '').trim() || (isPoopType(type) ? poopTypeName(type) : type);
  const titleId = `pending-${entry.id}-title`;
  return (
    <Card component="article" aria-labelledby={titleId} variant="outlined" data-pending-post={entry.target}>
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography id={titleId} component="h2" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          <PendingChip />
        </Stack>
        {isPoopType(type) && (
          <Typography variant="body2" color="text.secondary">
            {poopTypeLabel(type)}
          </Typography>
        )}
      </CardContent>
      {url && (
        <Box
          component="img"
          src={url}
          alt={t`Photo of ${title}`}
          sx={{ display: 'block', width: '100%', maxHeight: '60vh', objectFit: 'cover' }}
        />
      )}
    </Card>
  );
}
