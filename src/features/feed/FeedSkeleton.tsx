import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

/** Grey stand-ins for posts while a page of the feed loads (hidden from screen readers; the feed is aria-busy). */
export function FeedSkeleton({ count = 2 }: { count?: number }) {
  return (
    <Stack spacing={2} aria-hidden>
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} variant="outlined">
          <CardContent>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
              <Skeleton variant="circular" width={40} height={40} />
              <Stack sx={{ flex: 1 }}>
                <Skeleton width="40%" />
                <Skeleton width="25%" />
              </Stack>
            </Stack>
            <Skeleton width="70%" height={32} />
            <Skeleton width="50%" />
          </CardContent>
          <Skeleton variant="rectangular" height={280} />
          <CardContent>
            <Skeleton width="30%" />
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
