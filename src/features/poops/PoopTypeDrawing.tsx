import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { PoopType } from '../../../core/poop';

const BROWN = '#8d5a2b';
const DARK = '#5d3a1a';

/** One small drawing per type (the Bristol stool chart's pictures, simplified). */
const SHAPES: Readonly<Record<PoopType, ReactNode>> = {
  'Type 1': (
    <g fill={BROWN} stroke={DARK} strokeWidth="1.5">
      <circle cx="12" cy="22" r="6" />
      <circle cx="27" cy="16" r="5.5" />
      <circle cx="41" cy="24" r="6" />
      <circle cx="54" cy="15" r="4.5" />
    </g>
  ),
  'Type 2': (
    <g fill={BROWN} stroke={DARK} strokeWidth="1.5">
      <circle cx="14" cy="20" r="8" />
      <circle cx="25" cy="18" r="8.5" />
      <circle cx="37" cy="21" r="8" />
      <circle cx="49" cy="19" r="8" />
    </g>
  ),
  'Type 3': (
    <g>
      <rect x="6" y="11" width="52" height="18" rx="9" fill={BROWN} stroke={DARK} strokeWidth="1.5" />
      <path d="M18 11 l3 6 M30 29 l2 -6 M42 11 l-2 7 M50 29 l-3 -5" stroke={DARK} strokeWidth="1.5" fill="none" />
    </g>
  ),
  'Type 4': <path d="M8 26 C18 8, 28 8, 34 20 S50 32, 56 14" fill="none" stroke={BROWN} strokeWidth="9" strokeLinecap="round" />,
  'Type 5': (
    <g fill={BROWN} stroke={DARK} strokeWidth="1.5">
      <ellipse cx="13" cy="22" rx="8" ry="6" />
      <ellipse cx="32" cy="17" rx="9" ry="6.5" />
      <ellipse cx="51" cy="23" rx="8" ry="6" />
    </g>
  ),
  'Type 6': (
    <g fill={BROWN} opacity="0.9">
      <circle cx="14" cy="22" r="6" />
      <circle cx="22" cy="16" r="5" />
      <circle cx="30" cy="23" r="7" />
      <circle cx="39" cy="17" r="5" />
      <circle cx="46" cy="24" r="6" />
      <circle cx="53" cy="18" r="4" />
      <circle cx="24" cy="27" r="4" />
      <circle cx="40" cy="28" r="3" />
    </g>
  ),
  'Type 7': (
    <g fill={BROWN} opacity="0.75">
      <ellipse cx="32" cy="28" rx="26" ry="6" />
      <circle cx="20" cy="15" r="3" />
      <circle cx="36" cy="11" r="2.5" />
      <circle cx="47" cy="17" r="2" />
    </g>
  ),
  Other: (
    <g fill="none" stroke={BROWN} strokeWidth="2.5" strokeDasharray="4 3">
      <ellipse cx="32" cy="20" rx="22" ry="11" />
    </g>
  ),
  Indecise: (
    <g>
      <ellipse cx="32" cy="20" rx="22" ry="13" fill={BROWN} opacity="0.3" />
      <text x="32" y="28" textAnchor="middle" fontSize="22" fontWeight="700" fill={DARK}>
        ?
      </text>
    </g>
  ),
};

/**
 * The type's picture, beside its name in words (never instead of it): decorative, so screen
 * readers read the name only. Used by the create screen's picker, the welcome and onboarding.
 */
export function PoopTypeDrawing({ type, size = 48 }: { type: PoopType; size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 64 40"
      aria-hidden="true"
      focusable="false"
      sx={{ width: size, height: (size * 40) / 64, flex: 'none', borderRadius: 1, bgcolor: 'action.hover' }}
    >
      {SHAPES[type]}
    </Box>
  );
}
