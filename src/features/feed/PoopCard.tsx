import { memo } from 'react';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CommentIcon from '@mui/icons-material/ChatBubbleOutline';
import type { Poop } from '../../../core/poop-api';
import { ButtonLink } from '../../components/links';
import { PoopLikeButton } from '../poops/PoopLikeButton';
import { PoopPhoto } from '../poops/PoopPhoto';
import { PoopByline } from '../poops/PoopByline';
import { PoopPlace } from '../poops/PoopPlace';
import { poopTypeLabel, poopTypeName } from '../poops/poop-type-labels';
import { TextLink } from '../poops/TextLink';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';

/** How many posts from the top of the feed are on its first screen (their photos load at once). */
const FIRST_SCREEN_POSTS = 2;

export interface PoopCardProps {
  poop: Poop;
  now: Date;
  /** 1-based position in the feed (aria-posinset). */
  position: number;
}

/** One post in 'For you': author, time, title, type, place, the photo (blurred until tapped), likes and comments. */
export const PoopCard = memo(function PoopCard({ poop, now, position }: PoopCardProps) {
  // Worded again when the language changes (the card is memoised).
  useLingui();
  const titleId = `poop-${poop.id}-title`;
  const typeLabel = poopTypeLabel(poop.type);
  return (
    <Card component="article" aria-labelledby={titleId} aria-posinset={position} aria-setsize={-1} variant="outlined">
      <CardContent sx={{ pb: 1 }}>
        <PoopByline
          uid={poop.uid}
          username={poop.username}
          photoURL={poop.userPhotoURL}
          isPremium={poop.isUserPremium}
          date={poop.createdDate}
          now={now}
        />
        {/* elementtiming: the browser reports when the title was painted (the installed launch's bench reads it). */}
        <Typography id={titleId} component="h2" variant="h6" elementtiming="post-title" sx={{ mt: 1.5, overflowWrap: 'break-word' }}>
          <TextLink to="/root/poop/$id" params={{ id: poop.id }} color="inherit" underline="hover">
            {poop.title.trim() || poopTypeName(poop.type)}
          </TextLink>
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary">
            {typeLabel}
          </Typography>
          <PoopPlace placeName={poop.placeName} />
        </Stack>
      </CardContent>
      <PoopPhoto poop={poop} variant="thumb" maxHeight="60vh" eager={position <= FIRST_SCREEN_POSTS} />
      <CardActions>
        <PoopLikeButton poop={poop} />
        <ButtonLink
          to="/root/poop/$id"
          params={{ id: poop.id }}
          size="small"
          color="inherit"
          startIcon={<CommentIcon />}
          aria-label={plural(poop.comments, { one: '# comment', other: '# comments' })}
        >
          {poop.comments}
        </ButtonLink>
      </CardActions>
    </Card>
  );
});
