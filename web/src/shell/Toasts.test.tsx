import { act, fireEvent, render, screen } from "@testing-library/react";
import { I18nProvider } from "@lingui/react";
import { i18n } from "@lingui/core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createToastStore, TOAST_DURATION_MS } from "./toastStore";
import { Toasts } from "./Toasts";

const setup = () => {
  const store = createToastStore();
  render(
    <I18nProvider i18n={i18n}>
      <Toasts store={store} />
    </I18nProvider>,
  );
  return store;
};

describe("toasts", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows a toast for 3,200 ms", () => {
    const store = setup();
    act(() => void store.success("Saved"));
    expect(TOAST_DURATION_MS).toBe(3200);
    act(() => vi.advanceTimersByTime(3199));
    expect(screen.getByText("Saved")).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText("Saved")).toBeNull();
  });

  it("keeps the toast while hovered and resumes with the time left", () => {
    const store = setup();
    act(() => void store.success("Saved"));
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.mouseEnter(screen.getByTestId("toast"));
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText("Saved")).toBeTruthy();
    fireEvent.mouseLeave(screen.getByTestId("toast"));
    act(() => vi.advanceTimersByTime(2199));
    expect(screen.getByText("Saved")).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText("Saved")).toBeNull();
  });

  it("uses role status for success and alert for errors", () => {
    const store = setup();
    act(() => {
      store.success("Saved");
      store.error("Card has expired");
    });
    expect(screen.getByRole("status").textContent).toContain("Saved");
    expect(screen.getByRole("alert").textContent).toContain("Card has expired");
  });

  it("is dismissed with the close button or Escape", () => {
    const store = setup();
    act(() => {
      store.success("One");
      store.success("Two");
    });
    fireEvent.click(screen.getAllByRole("button", { name: "Dismiss message" })[0]!);
    expect(screen.queryByText("One")).toBeNull();
    const two = screen.getByText("Two").closest("[data-testid=toast]")!;
    fireEvent.focus(two);
    fireEvent.keyDown(two, { key: "Escape" });
    expect(screen.queryByText("Two")).toBeNull();
  });

  it("pauses while focused from the keyboard", () => {
    const store = setup();
    act(() => void store.success("Kept"));
    fireEvent.focus(screen.getByRole("button", { name: "Dismiss message" }));
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByText("Kept")).toBeTruthy();
  });
});
