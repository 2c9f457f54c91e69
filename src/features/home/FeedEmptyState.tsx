import AddAPhotoIcon from '@mui/icons-material/AddAPhotoOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ButtonLink } from '../../components/links';

export function FeedEmptyState() {
  return (
    <Box sx={{ textAlign: 'center', py: 8 }}>
      <Typography component="h2" variant="h5" gutterBottom>
        No posts yet
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Be the first to share one.
      </Typography>
      <ButtonLink to="/root/create" variant="contained" startIcon={<AddAPhotoIcon />}>
        Create a post
      </ButtonLink>
    </Box>
  );
}
