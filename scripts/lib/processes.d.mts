export function freePort(): Promise<number>;
export function waitForHttp(url: string, options?: { timeoutMs?: number; isAlive?: () => boolean }): Promise<void>;
