import { useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import HideIcon from '@mui/icons-material/VisibilityOffOutlined';
import ShowIcon from '@mui/icons-material/VisibilityOutlined';
import type { Poop } from '../../../core/poop-api';
import { useCurrentUser } from '../../api/me.queries';
import { setPhotoRevealed, usePhotoRevealed } from '../../state/app.state';
import { PHOTO_FRAME_ATTRIBUTE, photoFrameTransitionName } from '../feed/photo-transition';
import { poopTypeLabel } from './poop-type-labels';
import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';

export interface PoopPhotoProps {
  poop: Pick<Poop, 'id' | 'uid' | 'image' | 'thumbnail' | 'placeholder' | 'width' | 'height' | 'title' | 'type'>;
  /** The thumbnail in lists, the display image on the post's page. */
  variant: 'thumb' | 'display';
  maxHeight?: number | string;
  /**
   * On the first screen (the post's page, the feed's first posts): fetched at once, at high
   * priority, rather than lazily once laid out, as what the page shows first should be.
   */
  eager?: boolean;
}

/** The alt text of a post's photo: its title, or its type when it has none. */
export function poopPhotoAlt(poop: Pick<Poop, 'title' | 'type'>): string {
  const what = poop.title.trim() || poopTypeLabel(poop.type);
  return t`Photo: ${what}`;
}

/**
 * A post's photo, blurred until the viewer taps it (or presses "Show photo"), unless their
 * "Show photos unblurred" setting (alwaysView) is on, or the post is their own (they took it). Unblurred stays unblurred for that post
 * (feed and page alike) until "Hide photo". While blurred only the tiny inline
 * placeholder is shown, so the real image is not even downloaded.
 */
export function PoopPhoto({ poop, variant, maxHeight = '70vh', eager = false }: PoopPhotoProps) {
  // Shown again when the language changes.
  useLingui();
  const viewer = useCurrentUser();
  // Never blurred, and nothing to hide: the viewer's setting, or their own photo.
  const alwaysView = (viewer?.alwaysView ?? false) || (viewer !== null && viewer.uid === poop.uid);
  const revealed = usePhotoRevealed(poop.id);
  const hideButton = useRef<HTMLButtonElement>(null);
  const showButton = useRef<HTMLButtonElement>(null);
  const blurred = !revealed && !alwaysView;

  const reveal = (fromKeyboardOrButton: boolean) => {
    setPhotoRevealed(poop.id, true);
    // The button the user pressed disappears: keep focus on the control that takes its place.
    if (fromKeyboardOrButton) requestAnimationFrame(() => hideButton.current?.focus());
  };
  const hide = () => {
    setPhotoRevealed(poop.id, false);
    requestAnimationFrame(() => showButton.current?.focus());
  };

  return (
    <Box
      {...{ [PHOTO_FRAME_ATTRIBUTE]: variant }}
      data-poop-id={poop.id}
      // What differs from post to post is an inline style: in `sx` each post's values would be a CSS
      // rule of its own, built and inserted as the card first renders. Feed -> post -> back: this
      // frame grows into the post's photo (feed/photo-transition.ts).
      style={{
        viewTransitionName: photoFrameTransitionName(poop.id, variant),
        aspectRatio: `${Math.max(1, poop.width)} / ${Math.max(1, poop.height)}`,
        maxHeight,
      }}
      sx={{ position: 'relative', width: '100%', overflow: 'hidden', bgcolor: 'action.hover' }}
    >
      {blurred ? (
        <>
          {poop.placeholder && (
            <Box
              component="img"
              src={poop.placeholder}
              alt=""
              sx={{ width: '100%', height: '100%', objectFit: 'cover', filter: 'blur(24px)', transform: 'scale(1.15)', display: 'block' }}
            />
          )}
          {/* The whole photo is a tap target; the button is the same action for keyboards and screen readers. */}
          <Box
            onClick={() => reveal(false)}
            sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', cursor: 'pointer' }}
          >
            <Button
              ref={showButton}
              variant="contained"
              color="inherit"
              startIcon={<ShowIcon />}
              onClick={(event) => {
                event.stopPropagation();
                reveal(true);
              }}
            >
              <Trans>Show photo</Trans>
            </Button>
          </Box>
        </>
      ) : (
        <>
          <Box
            component="img"
            src={variant === 'display' ? poop.image : poop.thumbnail}
            alt={poopPhotoAlt(poop)}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : 'auto'}
            decoding="async"
            // The placeholder shows through until the image has loaded (inline: it differs per post).
            style={{ backgroundImage: `url("${poop.placeholder}")` }}
            sx={{
              width: '100%',
              height: '100%',
              objectFit: 'contain',
              display: 'block',
              backgroundSize: 'cover',
              backgroundPosition: 'center',
            }}
          />
          {!alwaysView && (
            <IconButton
              ref={hideButton}
              aria-label={t`Hide photo`}
              size="small"
              onClick={hide}
              sx={{ position: 'absolute', top: 8, right: 8, bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
            >
              <HideIcon fontSize="small" />
            </IconButton>
          )}
        </>
      )}
    </Box>
  );
}
