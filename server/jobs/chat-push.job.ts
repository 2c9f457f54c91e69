import type { ChatPushJob, ChatService } from '../services/chat.service';
import type { JobQueue } from './job-queue';

export const CHAT_PUSH_QUEUE = 'chat-push';

/**
 * The chat's delayed push check (CHAT_PUSH_DELAY_MS after each message) on the pg-boss queue:
 * it survives a crash or a restart and runs once across instances.
 */
export function scheduleChatPush(deps: { chat: ChatService; queue: JobQueue; retryDelaySeconds: number }): void {
  deps.queue.define<ChatPushJob>({
    name: CHAT_PUSH_QUEUE,
    retryLimit: 5,
    retryDelaySeconds: deps.retryDelaySeconds,
    expireInSeconds: 60,
    handle: (job) => deps.chat.pushIfUnread(job),
  });
}
