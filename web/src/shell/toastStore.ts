/**
 * Toast messages (spec 000 §2, §8, §9): shown 3,200 ms, kept while hovered or focused.
 * A small store outside React so the REST helper and Relay callbacks can raise toasts too.
 */
export const TOAST_DURATION_MS = 3200;

export type ToastKind = "success" | "error" | "info";

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

type Listener = () => void;

export function createToastStore() {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((l) => l());
  return {
    show(message: string, kind: ToastKind = "info"): number {
      const id = nextId++;
      toasts = [...toasts, { id, kind, message }];
      emit();
      return id;
    },
    success(message: string) {
      return this.show(message, "success");
    },
    error(message: string) {
      return this.show(message, "error");
    },
    dismiss(id: number) {
      const next = toasts.filter((t) => t.id !== id);
      if (next.length !== toasts.length) {
        toasts = next;
        emit();
      }
    },
    clear() {
      toasts = [];
      emit();
    },
    list(): readonly Toast[] {
      return toasts;
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

/** The application's toasts. */
export const toasts = createToastStore();
