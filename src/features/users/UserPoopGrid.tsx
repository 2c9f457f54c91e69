import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ImageList from '@mui/material/ImageList';
import ImageListItem from '@mui/material/ImageListItem';
import Typography from '@mui/material/Typography';
import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { userPoopsQuery } from '../../api/users.queries';
import { TextLink } from '../poops/TextLink';
import { poopTypeLabel } from '../poops/poop-type-labels';
import { useCurrentUser } from '../../state/app.state';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { QueryLoading } from '../../components/QueryLoading';

/**
 * A user's public approved posts, newest first, in keyset pages. Photos stay blurred (the
 * tiny placeholder) unless the viewer's alwaysView setting is on or the posts are theirs; each opens the post's page.
 */
export function UserPoopGrid({ uid, username }: { uid: string; username: string }) {
  const viewer = useCurrentUser();
  const { t } = useLingui();
  // Your own photos are never blurred for you.
  const alwaysView = (viewer?.alwaysView ?? false) || viewer?.uid === uid;
  const query = useInfiniteQuery(userPoopsQuery(uid));
  const poops = query.data?.pages.flatMap((page) => page.poops) ?? [];

  if (query.isPending) {
    return <QueryLoading label={t`Loading ${username}'s posts`} py={3} fetchStatus={query.fetchStatus} />;
  }
  if (query.isError && poops.length === 0) {
    return (
      <Typography color="error" role="alert">
        <Trans>Could not load the posts.</Trans>{' '}
        <Button size="small" onClick={() => void query.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </Typography>
    );
  }
  if (poops.length === 0)
    return (
      <Typography color="text.secondary">
        <Trans>No posts yet.</Trans>
      </Typography>
    );

  return (
    <>
      <ImageList cols={3} gap={4} sx={{ mt: 0 }}>
        {poops.map((poop) => {
          const label = `${poop.title.trim() || poopTypeLabel(poop.type)}`;
          return (
            <ImageListItem key={poop.id}>
              <TextLink
                to="/root/poop/$id"
                params={{ id: poop.id }}
                aria-label={label}
                sx={{ display: 'block', aspectRatio: '1', overflow: 'hidden' }}
              >
                <Box
                  component="img"
                  src={alwaysView ? poop.thumbnail : poop.placeholder || poop.thumbnail}
                  alt=""
                  loading="lazy"
                  sx={{
                    width: '100%',
                    height: '100%',
                    objectFit: 'cover',
                    display: 'block',
                    filter: alwaysView ? undefined : 'blur(12px)',
                  }}
                />
              </TextLink>
            </ImageListItem>
          );
        })}
      </ImageList>
      <LoadMoreButton query={query} />
    </>
  );
}
