/** The worker's global scope, typed (lib WebWorker types `self` as the generic WorkerGlobalScope). */
export const sw = self as unknown as ServiceWorkerGlobalScope;
