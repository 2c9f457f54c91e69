import type { Ref } from 'react';
import Link, { type LinkProps } from '@mui/material/Link';
import { createLink } from '@tanstack/react-router';

function AnchorLink(props: LinkProps<'a'> & { ref?: Ref<HTMLAnchorElement> }) {
  return <Link component="a" {...props} />;
}

/** An MUI text link that navigates like a router Link (typed `to` and params). */
export const TextLink = createLink(AnchorLink);
