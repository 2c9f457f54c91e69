import { POOP_MESSAGES } from '../../core/messages';
import { isPublicPoop } from '../../core/poop';
import type { ImageVariant } from '../../core/poop-api';
import { NotFoundError } from '../errors';
import type { PoopRepository } from '../repositories/poop.repository';
import type { ByteRange, ObjectStorage, StoredObject, StoredRange, UnsatisfiableRange } from '../storage/object-storage';
import { poopImageKey } from '../storage/storage-keys';
import type { PoopAccess } from './poop-access';
import type { SessionPrincipal } from './session.service';

/** A post's image under the post's own visibility rule: a private or deleted post's URL answers 404. */
export class MediaService {
  constructor(private readonly deps: { poops: PoopRepository; storage: ObjectStorage; access: PoopAccess }) {}

  /** The image, and whether the post is public (only then may caches keep it). */
  async poopImage(
    id: string,
    variant: ImageVariant,
    principal: SessionPrincipal | undefined,
  ): Promise<StoredObject & { isPublic: boolean }> {
    const { key, isPublic } = await this.visibleImage(id, variant, principal);
    const object = await this.deps.storage.get(key);
    if (!object) throw new NotFoundError(POOP_MESSAGES.poopNotFound);
    return { ...object, isPublic };
  }

  /** Part of the image (an HTTP Range request), under the same rule as the whole. */
  async poopImageRange(
    id: string,
    variant: ImageVariant,
    principal: SessionPrincipal | undefined,
    range: ByteRange,
  ): Promise<(StoredRange | UnsatisfiableRange) & { isPublic: boolean }> {
    const { key, isPublic } = await this.visibleImage(id, variant, principal);
    const part = await this.deps.storage.getRange(key, range);
    if (!part) throw new NotFoundError(POOP_MESSAGES.poopNotFound);
    return { ...part, isPublic };
  }

  private async visibleImage(id: string, variant: ImageVariant, principal: SessionPrincipal | undefined) {
    const poop = await this.deps.poops.findAccess(id);
    if (!poop || !(await this.deps.access.canView(poop, principal))) throw new NotFoundError(POOP_MESSAGES.poopNotFound);
    return { key: poopImageKey(poop.imageKey, variant), isPublic: isPublicPoop(poop) };
  }
}
