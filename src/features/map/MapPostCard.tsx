import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea, { type CardActionAreaProps } from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { createLink } from '@tanstack/react-router';
import type { Ref } from 'react';
import type { MapPost } from '../../../core/map-api';
import { relativeTime } from '../../../core/relative-time';
import { avatarInitial } from '../account/account-format';
import { poopTypeName } from '../poops/poop-type-labels';
import { useLingui } from '@lingui/react';
import { MAP_TEXT, mapMarkerLabel } from './map-text';

function AnchorCardActionArea(props: CardActionAreaProps<'a'> & { ref?: Ref<HTMLAnchorElement> }) {
  return <CardActionArea component="a" {...props} />;
}
const CardLink = createLink(AnchorCardActionArea);

/**
 * A post on the map, small: author, type, time and the photo blurred (its inline placeholder,
 * so it shows offline too); the whole card opens the post's page.
 */
export function MapPostCard({ post, now, headingLevel = 'h2' }: { post: MapPost; now: Date; headingLevel?: 'h2' | 'h3' }) {
  // The texts are read from the active catalog: a new language renders them anew.
  const { i18n } = useLingui();
  const when = relativeTime(post.createdDate, now, i18n.locale);
  return (
    <Card variant="outlined">
      <CardLink
        to="/root/poop/$id"
        params={{ id: post.id }}
        aria-label={`${MAP_TEXT.openPost}: ${mapMarkerLabel(poopTypeName(post.type), post.username, when)}`}
      >
        <Box sx={{ display: 'flex', gap: 1.5, p: 1.5, alignItems: 'center' }}>
          <Box
            aria-hidden
            // Inline, as it differs per post: in `sx` it would be a CSS rule of its own for each.
            style={{ backgroundImage: post.placeholder ? `url("${post.placeholder}")` : undefined }}
            sx={{
              width: 64,
              height: 64,
              flexShrink: 0,
              borderRadius: 1,
              overflow: 'hidden',
              bgcolor: 'action.hover',
              backgroundSize: 'cover',
              backgroundPosition: 'center',
              filter: 'blur(6px)',
              transform: 'scale(1.1)',
            }}
          />
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <Avatar src={post.userPhotoURL || undefined} alt="" sx={{ width: 24, height: 24, fontSize: 14 }}>
                {avatarInitial(post.username)}
              </Avatar>
              <Typography component={headingLevel} variant="subtitle2" noWrap sx={{ fontWeight: 700 }}>
                {post.username}
              </Typography>
            </Box>
            <Typography variant="body2">{poopTypeName(post.type)}</Typography>
            <Typography variant="body2" color="text.secondary" component="time" dateTime={post.createdDate} sx={{ display: 'block' }}>
              {when} · {post.exact ? MAP_TEXT.exact : MAP_TEXT.approximate}
            </Typography>
          </Box>
        </Box>
      </CardLink>
    </Card>
  );
}
