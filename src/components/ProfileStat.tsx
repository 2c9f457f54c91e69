import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** One figure of a profile (a count or a streak) with its label beneath, on your profile and on user pages. */
export function ProfileStat({ label, value }: { label: string; value: number }) {
  return (
    <Box sx={{ textAlign: 'center', flex: 1 }}>
      <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}
