import type { ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BackIcon from '@mui/icons-material/ArrowBack';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { historyIndex, previousAppPath } from '../lib/in-app-history';
import { useLingui } from '@lingui/react/macro';

/**
 * The in-app back arrow (an installed app on an iPhone has no system back): back to the previous
 * app screen when there is one, as the browser's back does (the router restores its scroll
 * position), otherwise to `parent`, the screen this one belongs to (a shared link opened cold).
 */
export function BackButton({ parent }: { parent: string }) {
  const { t } = useLingui();
  const router = useRouter();
  const navigate = useNavigate();
  const onBack = () => {
    if (previousAppPath(historyIndex(router.history.location.state)) !== undefined) router.history.back();
    else void navigate({ href: parent });
  };
  return (
    <IconButton aria-label={t`Back`} onClick={onBack} edge="start">
      <BackIcon />
    </IconButton>
  );
}

/** A screen's heading with the back arrow before it, and an optional action at its end. */
export function BackHeading({ parent, children, action }: { parent: string; children: ReactNode; action?: ReactNode }) {
  return (
    // Wraps: on a narrow phone the action goes under the heading rather than past the screen's edge.
    <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, mb: 2 }}>
      <BackButton parent={parent} />
      <Typography component="h1" variant="h4" sx={{ flex: '1 1 auto', minWidth: 0, overflowWrap: 'break-word' }}>
        {children}
      </Typography>
      {action}
    </Stack>
  );
}
