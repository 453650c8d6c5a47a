// Test helper shared by the screen tests.

/** Polls with real timers until the query succeeds (lazy screens resolve outside testing-library's act-wrapped waits). */
export async function eventually<T>(get: () => T, ms = 12_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      return get();
    } catch (error) {
      if (Date.now() > end) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
