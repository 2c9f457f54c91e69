import { dropToasts, pushToast, type ToastSeverity } from '../../state/app.state';

export interface ToastApi {
  show: (message: string, severity: ToastSeverity, group?: string) => void;
  success: (message: string, group?: string) => void;
  error: (message: string, group?: string) => void;
  warning: (message: string, group?: string) => void;
  info: (message: string, group?: string) => void;
  /** Drops a group's toasts, shown or waiting (its form succeeded). */
  drop: (group: string) => void;
}

/**
 * Toasts for code outside React (listeners, services); components use useToast(). A toast with
 * a `group` (a form, the connection) replaces the group's earlier one instead of waiting its turn.
 */
export const toast: ToastApi = {
  show: pushToast,
  success: (message, group) => pushToast(message, 'success', group),
  error: (message, group) => pushToast(message, 'error', group),
  warning: (message, group) => pushToast(message, 'warning', group),
  info: (message, group) => pushToast(message, 'info', group),
  drop: dropToasts,
};

/** Shows a toast in the app's toast box (bottom right, auto-hides). */
export function useToast(): ToastApi {
  return toast;
}
