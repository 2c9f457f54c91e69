import { FEED_PAGE_SIZE, MOST_LIKED_LIMIT, USER_POOPS_PAGE_SIZE } from '../../core/constants';
import { POOP_MESSAGES } from '../../core/messages';
import { initialPoopStatus } from '../../core/poop';
import type { Poop, PoopPageResponse, UpdatePoopBody } from '../../core/poop-api';
import { ForbiddenError, NotFoundError } from '../errors';
import type { PoopAccessRow, PoopListRow, PoopPatch, PoopRepository } from '../repositories/poop.repository';
import { feedPageKey, type FeedPageCache } from './feed-page-cache';
import { parseCursor, toPage } from './keyset-page';
import type { LikedPostsBatch } from './liked-posts-batch';
import type { PoopAccess } from './poop-access';
import { toApiPoop } from './poop.mapper';
import type { SessionPrincipal } from './session.service';
import { visibleText } from '../../core/visible-text';

/** Reading, editing and deleting posts; creating one is PoopPostService. */
export class PoopService {
  /**
   * Feed pages being read now, by cache key, with the cache generation their read started at: a
   * request for the same page (same viewer, same cursor) while no write has ended since joins that
   * read instead of starting its own query (48 readers of the first page at once: one query, not 48).
   */
  private readonly feedReads = new Map<string, { generation: number; json: Promise<string> }>();
  /**
   * The feed's rows being read now, by cursor: the same for every viewer (only their likes differ,
   * read apart by `liked`), so anonymous and signed-in readers of a page at one moment share one
   * query; joined only while no write has ended since it started, as `feedReads`.
   */
  private readonly rowReads = new Map<string, { generation: number; rows: Promise<PoopListRow[]> }>();

  constructor(
    private readonly poops: PoopRepository,
    private readonly access: PoopAccess,
    /** Feed pages as sent (JSON); emptied by every write that changes one, these included. */
    private readonly feedPages: FeedPageCache<string>,
    /** Which posts of a page a viewer liked, for many reads in one query. */
    private readonly liked: LikedPostsBatch,
  ) {}

  /** A post its caller may see, else 404 (private, pending or deleted posts do not reveal they exist). */
  async get(id: string, principal: SessionPrincipal | undefined): Promise<Poop> {
    const row = await this.poops.findById(id, principal?.uid);
    if (!row || !(await this.access.canView(row, principal))) throw new NotFoundError(POOP_MESSAGES.poopNotFound);
    return toApiPoop(row, await this.access.viewerFor(row, principal));
  }

  /** The public feed: approved, not deleted, not private, newest modification first, in pages of FEED_PAGE_SIZE. */
  async feed(cursor: string | undefined, principal: SessionPrincipal | undefined): Promise<PoopPageResponse> {
    const rows = await this.publicRows(cursor);
    if (!principal) return this.page(rows, FEED_PAGE_SIZE, undefined);
    const liked = await this.liked.likedBy(
      principal.uid,
      rows.map((row) => row.id),
    );
    return this.page(
      rows.map((row) => ({ ...row, likedByMe: liked.has(row.id) })),
      FEED_PAGE_SIZE,
      principal,
    );
  }

  /** A page of the feed's rows (one more than the page, for its cursor), shared by the readers of that page at this moment. */
  private publicRows(cursor: string | undefined): Promise<PoopListRow[]> {
    const after = parseCursor(cursor);
    const key = cursor ?? '';
    const generation = this.feedPages.generation;
    const running = this.rowReads.get(key);
    if (running?.generation === generation) return running.rows;
    const read = { generation, rows: this.poops.listPublic({ after, limit: FEED_PAGE_SIZE + 1 }) };
    this.rowReads.set(key, read);
    const done = () => {
      if (this.rowReads.get(key) === read) this.rowReads.delete(key);
    };
    read.rows.then(done, done);
    return read.rows;
  }

  /**
   * A feed page as the JSON the route sends: the cached one while it is fresh, else read, mapped and
   * turned into JSON by `serialize` (the route's response serialiser, so both give the same bytes)
   * and kept for the next caller with the same viewer and cursor.
   */
  async feedJson(
    cursor: string | undefined,
    principal: SessionPrincipal | undefined,
    now: Date,
    serialize: (page: PoopPageResponse) => string,
  ): Promise<string> {
    const key = feedPageKey(principal?.uid, cursor);
    const cached = this.feedPages.get(key, now);
    if (cached !== undefined) return cached;
    // Read before the query: a write that ends while it runs makes this page too old to keep, or to join.
    const generation = this.feedPages.generation;
    const running = this.feedReads.get(key);
    if (running?.generation === generation) return running.json;
    const read = { generation, json: this.feed(cursor, principal).then(serialize) };
    this.feedReads.set(key, read);
    try {
      const json = await read.json;
      this.feedPages.set(key, json, generation, now);
      return json;
    } finally {
      if (this.feedReads.get(key) === read) this.feedReads.delete(key);
    }
  }

  /** A user's approved posts; their private ones only for themselves. */
  async byUser(uid: string, cursor: string | undefined, principal: SessionPrincipal | undefined): Promise<PoopPageResponse> {
    const after = parseCursor(cursor);
    const rows = await this.poops.listByUser({
      uid,
      includePrivate: principal?.uid === uid,
      after,
      limit: USER_POOPS_PAGE_SIZE + 1,
      viewerUid: principal?.uid,
    });
    return this.page(rows, USER_POOPS_PAGE_SIZE, principal);
  }

  async mostLiked(principal: SessionPrincipal | undefined): Promise<Poop[]> {
    const rows = await this.poops.mostLiked(MOST_LIKED_LIMIT, principal?.uid);
    const viewer = principal ? { uid: principal.uid, admin: false } : undefined;
    return rows.map((row) => toApiPoop(row, viewer));
  }

  /**
   * The owner edits their post. A new type re-applies the status rule ('other' waits again)
   * only while no moderator has ruled: a denied or verified post keeps its status.
   */
  async update(id: string, principal: SessionPrincipal, body: UpdatePoopBody, now: Date): Promise<Poop> {
    const current = await this.requireOwner(id, principal);
    const patch: PoopPatch = {};
    if (body.title !== undefined) patch.title = visibleText(body.title);
    if (body.description !== undefined) patch.description = visibleText(body.description);
    if (body.private !== undefined) patch.private = body.private;
    if (body.showInMap !== undefined) patch.showInMap = body.showInMap;
    if (body.type !== undefined) {
      patch.type = body.type;
      if (current.status !== 'denied' && !current.verified) patch.status = initialPoopStatus(body.type);
    }
    await this.feedPages.invalidating(() => this.poops.update(id, patch, now));
    return this.get(id, principal);
  }

  /** Soft delete by the owner or an admin. Deleting again is a no-op, so an outbox replay succeeds. */
  async remove(id: string, principal: SessionPrincipal, now: Date): Promise<void> {
    const row = await this.poops.findAccess(id);
    if (!row) throw new NotFoundError(POOP_MESSAGES.poopNotFound);
    const owner = row.uid === principal.uid;
    const admin = !owner && (await this.access.isAdmin(principal));
    if (!owner && !admin) {
      if (await this.access.canView(row, principal)) throw new ForbiddenError(POOP_MESSAGES.notYourPoop);
      throw new NotFoundError(POOP_MESSAGES.poopNotFound);
    }
    if (!row.deleted) await this.feedPages.invalidating(() => this.poops.softDelete(id, now));
  }

  private async requireOwner(id: string, principal: SessionPrincipal): Promise<PoopAccessRow> {
    const row = await this.poops.findAccess(id);
    if (!row || row.deleted) throw new NotFoundError(POOP_MESSAGES.poopNotFound);
    if (row.uid === principal.uid) return row;
    if (await this.access.canView(row, principal)) throw new ForbiddenError(POOP_MESSAGES.notYourPoop);
    throw new NotFoundError(POOP_MESSAGES.poopNotFound);
  }

  private page(
    rows: Awaited<ReturnType<PoopRepository['listPublic']>>,
    limit: number,
    principal: SessionPrincipal | undefined,
  ): PoopPageResponse {
    const { items, nextCursor } = toPage(rows, limit, (row) => row.modifiedDate);
    // Lists show the viewer's own posts with their location; others' only when on the map.
    const viewer = principal ? { uid: principal.uid, admin: false } : undefined;
    return { poops: items.map((row) => toApiPoop(row, viewer)), nextCursor };
  }
}
