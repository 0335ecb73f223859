export interface ToastInput {
  title: string;
  description?: string;
  /** 'destructive' marks a failure (red, announced assertively). */
  variant?: 'default' | 'destructive';
}

/** A toast on screen. `id` changes with every toast, even when the texts repeat. */
export interface Toast extends ToastInput {
  id: number;
}

export const TOAST_DURATION_MS = 5000;

export interface ToastTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface ToastStore {
  /** Shows `input`, replacing whatever toast is up: only one is shown at a time (spec 000, 9). */
  show(input: ToastInput): Toast;
  dismiss(id: number): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): Toast | null;
}

export function createToastStore(timers: ToastTimers): ToastStore {
  let current: Toast | null = null;
  let timer: unknown;
  let nextId = 1;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  const dismiss = (id: number) => {
    if (current?.id !== id) return;
    timers.clearTimeout(timer);
    current = null;
    notify();
  };

  return {
    show(input) {
      timers.clearTimeout(timer);
      const toast: Toast = { ...input, id: nextId++ };
      current = toast;
      timer = timers.setTimeout(() => dismiss(toast.id), TOAST_DURATION_MS);
      notify();
      return toast;
    },
    dismiss,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => current,
  };
}

export const toastStore = createToastStore({
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
});

export function showToast(input: ToastInput): Toast {
  return toastStore.show(input);
}
