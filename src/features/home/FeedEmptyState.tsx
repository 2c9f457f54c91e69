import AddAPhotoIcon from '@mui/icons-material/AddAPhotoOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Trans } from '@lingui/react/macro';
import { ButtonLink } from '../../components/links';

export function FeedEmptyState() {
  return (
    <Box sx={{ textAlign: 'center', py: 8 }}>
      <Typography component="h2" variant="h5" gutterBottom>
        <Trans>No posts yet</Trans>
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        <Trans>Be the first to share one.</Trans>
      </Typography>
      <ButtonLink to="/root/create" variant="contained" startIcon={<AddAPhotoIcon />}>
        <Trans>Create a post</Trans>
      </ButtonLink>
    </Box>
  );
}
