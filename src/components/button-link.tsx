import type { Ref } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import { createLink } from '@tanstack/react-router';

function AnchorButton(props: ButtonProps<'a'> & { ref?: Ref<HTMLAnchorElement> }) {
  return <Button component="a" {...props} />;
}

/** An MUI Button that navigates like a router Link (typed `to`, preloading, active state). */
export const ButtonLink = createLink(AnchorButton);
