import { pushToast, type ToastSeverity } from '../../state/app.state';

export interface ToastApi {
  show: (message: string, severity: ToastSeverity) => void;
  success: (message: string) => void;
  error: (message: string) => void;
  warning: (message: string) => void;
  info: (message: string) => void;
}

/** Toasts for code outside React (listeners, services); components use useToast(). */
export const toast: ToastApi = {
  show: pushToast,
  success: (message) => pushToast(message, 'success'),
  error: (message) => pushToast(message, 'error'),
  warning: (message) => pushToast(message, 'warning'),
  info: (message) => pushToast(message, 'info'),
};

/** Shows a toast in the app's toast box (bottom right, auto-hides). */
export function useToast(): ToastApi {
  return toast;
}
