import type { Ref } from 'react';
import BottomNavigationAction, { type BottomNavigationActionProps } from '@mui/material/BottomNavigationAction';
import ListItem from '@mui/material/ListItem';
import ListItemButton, { type ListItemButtonProps } from '@mui/material/ListItemButton';
import { createLink } from '@tanstack/react-router';

// MUI components rendered as <a>, so TanStack's typed `to`, preloading and active state work.
// ButtonLink has a module of its own: the error and not-found pages (in the entry chunk) need only it.
export { ButtonLink } from './button-link';

function AnchorBottomNavigationAction(props: BottomNavigationActionProps<'a'> & { ref?: Ref<HTMLAnchorElement> }) {
  return <BottomNavigationAction component="a" {...props} />;
}

function AnchorListItemButton(props: ListItemButtonProps<'a'> & { ref?: Ref<HTMLAnchorElement> }) {
  return <ListItemButton component="a" {...props} />;
}

// Inside its own <li>: a list may hold list items only (an <a> straight in a <ul> is not one).
function AnchorListItem(props: ListItemButtonProps<'a'> & { ref?: Ref<HTMLAnchorElement> }) {
  return (
    <ListItem disablePadding>
      <AnchorListItemButton {...props} />
    </ListItem>
  );
}

/** A bottom navigation item that navigates like a router Link. */
export const BottomNavLink = createLink(AnchorBottomNavigationAction);

/** A list row (an <li> holding the link) that navigates like a router Link. */
export const ListItemLink = createLink(AnchorListItem);

/** The link part of a list row, for an <li> of the caller's own (e.g. one with a secondary action). */
export const ListItemButtonLink = createLink(AnchorListItemButton);
