import { useEffect } from 'react';
import { Outlet } from '@tanstack/react-router';
import { TOAST_OFFSET_BOTTOM_PX } from '../../../core/constants';
import { Main } from '../../components/Main';
import { CHIP_ROW_PX } from '../../components/toast/toast-lane';
import { RootGuard } from '../auth/RootGuard';
import { useOnline } from '../connectivity/use-online';
import { OfflineNote } from '../outbox/OfflineNote';
import { useOutboxEntries } from '../outbox/use-outbox';
import { BOTTOM_NAV_HEIGHT_PX, BottomNav } from './BottomNav';
import { InstallOfferSlot } from '../install/InstallOfferSlot';
import { useReceiptValidation } from '../premium/use-receipt-validation';
import { useChatLive } from '../chat/use-chat-live';

/**
 * What the bottom-left chips ('Offline', the outbox count) take above the bottom navigation: the
 * toast offset, the offline chip's row, the outbox chip (32 px) and a gap. While they show, a
 * screen's end (the comment box, the post form's button) scrolls clear of them, and a field that
 * takes focus is scrolled into view above them rather than under them.
 */
const CHIPS_CLEARANCE_PX = TOAST_OFFSET_BOTTOM_PX + CHIP_ROW_PX + 32 + 8 - BOTTOM_NAV_HEIGHT_PX;

/** What a screen's end keeps clear at the bottom: the bottom navigation and, while they show, the chips above it. */
export function useBottomClearance(): number {
  const online = useOnline();
  const pending = useOutboxEntries().length;
  const chipsShown = !online || pending > 0;
  return BOTTOM_NAV_HEIGHT_PX + (chipsShown ? CHIPS_CLEARANCE_PX : 0);
}

/** /root and its children: the guard, the offline note heading every screen, the screen, and the bottom navigation. */
export function RootLayout() {
  // Premium (issue 25): a subscriber's receipt is checked with Stripe once per load.
  useReceiptValidation();
  // Chat (issue 42): the socket stays open on every screen, so the top bar's unread count is live.
  useChatLive();
  const clearance = useBottomClearance();
  useEffect(() => {
    const html = document.documentElement;
    html.style.scrollPaddingBottom = `${clearance}px`;
    return () => {
      html.style.scrollPaddingBottom = '';
    };
  }, [clearance]);
  return (
    <RootGuard>
      {/* The screens' one main landmark; the bottom navigation is a landmark of its own beside it. */}
      <Main sx={{ pb: `calc(${clearance}px + env(safe-area-inset-bottom))` }}>
        <OfflineNote />
        <Outlet />
      </Main>
      <BottomNav />
      <InstallOfferSlot />
    </RootGuard>
  );
}
