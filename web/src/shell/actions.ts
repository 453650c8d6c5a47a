/**
 * Named actions with a loading state (spec 000 §8: "Calls run under a named action with a
 * loading state"). The loading overlay shows while any action runs.
 */
type Listener = () => void;

export function createActionTracker() {
  let running: readonly string[] = [];
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((l) => l());
  return {
    async run<T>(name: string, work: () => Promise<T>): Promise<T> {
      running = [...running, name];
      emit();
      try {
        return await work();
      } finally {
        const i = running.indexOf(name);
        running = i >= 0 ? [...running.slice(0, i), ...running.slice(i + 1)] : running;
        emit();
      }
    },
    running(): readonly string[] {
      return running;
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ActionTracker = ReturnType<typeof createActionTracker>;
export const actions = createActionTracker();
