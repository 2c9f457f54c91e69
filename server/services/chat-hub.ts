import type { FastifyBaseLogger } from 'fastify';
import type { ChatSocketEvent } from '../../core/chat-api';

/** The PostgreSQL channel chat events travel on between servers (Database.notify / listen). */
export const CHAT_EVENTS_CHANNEL = 'plop_chat_events';

/** PostgreSQL NOTIFY / LISTEN on one channel. */
export interface ChatChannel {
  notify(payload: string): Promise<void>;
  listen(handlers: {
    onMessage: (payload: string) => void;
    onLost: (error: Error) => void;
    onRestored: () => void;
  }): Promise<() => Promise<void>>;
}

/** What the hub needs of a connected socket. */
export interface ChatSocket {
  send(data: string): void;
  close(code: number, reason: string): void;
}

/**
 * The close code for sockets that may have missed events (1012, "service restart"): the app
 * reconnects and refetches the open thread and the conversation list (src/features/chat/chat-socket.ts).
 */
export const CHAT_RESYNC_CLOSE_CODE = 1012;

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
        this.log.warn({ err: error }, 'lost the chat event listener; reconnecting');
      },
      onRestored: () => {
        // Events announced while it was down reached no socket here: every socket is closed, so
        // the app reconnects and refetches what it shows (the messages are in the history).
        this.log.info({}, 'the chat event listener is back; asking every socket to resync');
        this.closeAll();
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

  /** Closes every socket on this server with CHAT_RESYNC_CLOSE_CODE. */
  private closeAll(): void {
    for (const set of this.sockets.values()) {
      for (const socket of set) {
        try {
          socket.close(CHAT_RESYNC_CLOSE_CODE, 'resync');
        } catch (error) {
          this.log.debug({ err: error }, 'a chat socket failed to close');
        }
      }
    }
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
