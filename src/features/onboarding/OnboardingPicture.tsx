import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import CloudOffIcon from '@mui/icons-material/CloudOffOutlined';
import FireIcon from '@mui/icons-material/LocalFireDepartment';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { Trans, useLingui } from '@lingui/react/macro';
import { BristolChart } from '../poops/BristolChart';
import { PoopTypeDrawing } from '../poops/PoopTypeDrawing';
import { INSTRUCTION_STEPS, type OnboardingPath } from './onboarding-pages';

/** The picture of each onboarding page: the app's own drawings, with words beside them. */
export function OnboardingPicture({ path }: { path: OnboardingPath }) {
  const { i18n, t } = useLingui();
  switch (path) {
    case '/onboard':
      return (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', alignItems: 'center' }}>
          <Box component="img" src="/icons/icon-192.png" alt="" width={72} height={72} sx={{ borderRadius: 3 }} />
          <PoopTypeDrawing type="Type 3" size={64} />
          <PoopTypeDrawing type="Type 4" size={64} />
        </Stack>
      );
    case '/onboardPoop':
      return <BristolChart label={t`The Bristol scale`} />;
    case '/onboardSnap':
      return (
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'center', alignItems: 'center' }}>
          <CameraIcon aria-hidden sx={{ fontSize: 56, color: 'primary.main' }} />
          <Paper variant="outlined" sx={{ p: 1.5, textAlign: 'center' }}>
            <Box sx={{ filter: 'blur(6px)' }}>
              <PoopTypeDrawing type="Type 4" size={96} />
            </Box>
            <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'center', alignItems: 'center', mt: 1 }}>
              <VisibilityIcon aria-hidden fontSize="small" />
              <Typography variant="body2">
                <Trans>Blurred until tapped</Trans>
              </Typography>
            </Stack>
          </Paper>
        </Stack>
      );
    case '/onboardPost':
      return (
        <Paper variant="outlined" sx={{ p: 2, maxWidth: 320, mx: 'auto' }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <PoopTypeDrawing type="Type 4" size={56} />
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 700 }}>
                <Trans>Morning glory</Trans>
              </Typography>
              <Typography variant="body2" color="text.secondary">
                <Trans>Type 4 · just now</Trans>
              </Typography>
            </Box>
          </Stack>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: 1.5 }}>
            <CloudOffIcon aria-hidden fontSize="small" />
            <Typography variant="body2">
              <Trans>Offline? It waits and posts itself.</Trans>
            </Typography>
          </Stack>
        </Paper>
      );
    case '/instructions':
      return (
        <Box component="ol" sx={{ pl: 0, listStyle: 'none', m: 0 }}>
          {INSTRUCTION_STEPS.map((step, index) => (
            <Stack component="li" key={index} direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
              <Box
                aria-hidden
                sx={{
                  width: 32,
                  height: 32,
                  flex: 'none',
                  borderRadius: '50%',
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                  display: 'grid',
                  placeItems: 'center',
                  fontWeight: 700,
                }}
              >
                {index === INSTRUCTION_STEPS.length - 1 ? <FireIcon fontSize="small" /> : index + 1}
              </Box>
              <Typography>{i18n._(step)}</Typography>
            </Stack>
          ))}
        </Box>
      );
  }
}
