import type { FastifyBaseLogger } from 'fastify';
import type { ChatSocketEvent } from '../../core/chat-api';

/** The PostgreSQL channel chat events travel on between servers (Database.notify / listen). */
export const CHAT_EVENTS_CHANNEL = 'plop_chat_events';

/** PostgreSQL NOTIFY / LISTEN on one channel. */
export interface ChatChannel {
  notify(payload: string): Promise<void>;
  listen(handlers: { onMessage: (payload: string) => void; onLost: (error: Error) => void }): Promise<() => Promise<void>>;
}

/** What the hub needs of a connected socket. */
export interface ChatSocket {
  send(data: string): void;
}

/**
 * Realtime chat delivery across server instances: an event is announced on CHAT_EVENTS_CHANNEL
 * (PostgreSQL NOTIFY through `Database.notify`, the same mechanism as the feed cache's
 * invalidation; with PGlite, this process's listeners) and every server, this one included,
 * sends it to the sockets its named users have open on it.
 */
export class ChatHub {
  private readonly sockets = new Map<string, Set<ChatSocket>>();

  constructor(
    /** The database's channel (composition.ts binds `Database.notify` / `Database.listen` to CHAT_EVENTS_CHANNEL). */
    private readonly channel: ChatChannel,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts listening; answers how to stop. */
  async listen(): Promise<() => Promise<void>> {
    return this.channel.listen({
      onMessage: (payload) => {
        let parsed: { to: string[]; event: ChatSocketEvent };
        try {
          parsed = JSON.parse(payload) as { to: string[]; event: ChatSocketEvent };
        } catch (error) {
          this.log.warn({ err: error }, 'ignored a chat event that is not JSON');
          return;
        }
        this.deliverHere(parsed.to, parsed.event);
      },
      onLost: (error) => {
        // Messages sent meanwhile are in the history the app reloads when its socket reconnects.
        this.log.warn({ err: error }, 'lost the chat event listener; reconnecting');
      },
    });
  }

  /** Announces an event to the users' sockets on every server. */
  async publish(to: readonly string[], event: ChatSocketEvent): Promise<void> {
    try {
      await this.channel.notify(JSON.stringify({ to, event }));
    } catch (error) {
      // The message is stored: the recipient sees it on their next history read.
      this.log.warn({ err: error }, 'could not announce a chat event');
    }
  }

  attach(uid: string, socket: ChatSocket): () => void {
    const set = this.sockets.get(uid) ?? new Set();
    this.sockets.set(uid, set);
    set.add(socket);
    return () => {
      set.delete(socket);
      if (set.size === 0) this.sockets.delete(uid);
    };
  }

  private deliverHere(to: readonly string[], event: ChatSocketEvent): void {
    const data = JSON.stringify(event);
    for (const uid of new Set(to)) {
      for (const socket of this.sockets.get(uid) ?? []) {
        try {
          socket.send(data);
        } catch (error) {
          this.log.debug({ err: error }, 'a chat socket closed while sending');
        }
      }
    }
  }
}
