import type { SxProps, Theme } from '@mui/material/styles';
import { TOAST_OFFSET_BOTTOM_PX } from '../../../core/constants';
import { useToasts } from '../../state/app.state';

/** A one-line toast on a phone (a filled Alert) and a gap above it. */
const PHONE_TOAST_LANE_PX = 56;

/** One row of the bottom-left chips: a small chip (24 px) and the gap above it. */
export const CHIP_ROW_PX = 40;

/**
 * Where a chip at the bottom left sits, `above` px over the toast line. On a phone the toast
 * takes the whole width, so while one shows the chips move up above it instead of under it.
 */
export function useBottomLeftPlace(above = 0): SxProps<Theme> {
  const toastShown = useToasts().length > 0;
  const bottom = TOAST_OFFSET_BOTTOM_PX + above;
  return {
    position: 'fixed',
    left: 16,
    bottom: { xs: bottom + (toastShown ? PHONE_TOAST_LANE_PX : 0), sm: bottom },
    zIndex: (theme) => theme.zIndex.snackbar,
    transition: (theme) => theme.transitions.create('bottom'),
  };
}
