import { canViewPoop, isPublicPoop, type PoopViewer, type PoopVisibilityFields } from '../../core/poop';
import type { PoopRepository } from '../repositories/poop.repository';
import type { SessionPrincipal } from './session.service';

/**
 * Applies core's visibility rule (canViewPoop) for a session. The admin flag is read from the
 * database only when it can change the answer, so public reads cost no extra query.
 */
export class PoopAccess {
  constructor(private readonly poops: PoopRepository) {}

  async viewerFor(poop: { uid: string }, principal: SessionPrincipal | undefined): Promise<PoopViewer | undefined> {
    if (!principal) return undefined;
    if (principal.uid === poop.uid) return { uid: principal.uid, admin: false };
    return { uid: principal.uid, admin: await this.poops.isAdmin(principal.uid) };
  }

  async canView(poop: PoopVisibilityFields, principal: SessionPrincipal | undefined): Promise<boolean> {
    if (isPublicPoop(poop)) return true;
    if (poop.deleted) return false;
    return canViewPoop(poop, await this.viewerFor(poop, principal));
  }

  async isAdmin(principal: SessionPrincipal): Promise<boolean> {
    return this.poops.isAdmin(principal.uid);
  }
}
