import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { createMemoryRouter, Link, RouterProvider } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { UNSAVED_DIALOG_DELAY_MS, useFormGuard } from "./useFormGuard";

function FormPage({ valid, save }: { valid: boolean; save: () => Promise<boolean> }) {
  const [dirty, setDirty] = useState(false);
  const { dialog } = useFormGuard({
    dirty,
    valid,
    save: async () => {
      const ok = await save();
      if (ok) setDirty(false);
      return ok;
    },
  });
  return (
    <div>
      <h1>Form</h1>
      <button type="button" onClick={() => setDirty(true)}>
        Edit
      </button>
      <Link to="/elsewhere">Leave</Link>
      {dialog}
    </div>
  );
}

function setup(valid = true, save: () => Promise<boolean> = async () => true) {
  const router = createMemoryRouter(
    [
      { path: "/form", element: <FormPage valid={valid} save={save} /> },
      { path: "/elsewhere", element: <h1>Elsewhere</h1> },
    ],
    { initialEntries: ["/form"] },
  );
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return router;
}

async function leaveDirty() {
  fireEvent.click(screen.getByText("Edit"));
  await act(async () => {
    fireEvent.click(screen.getByText("Leave"));
  });
}

describe("unsaved-changes dialog", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("does not hold a clean form", async () => {
    const router = setup();
    await act(async () => {
      fireEvent.click(screen.getByText("Leave"));
    });
    expect(router.state.location.pathname).toBe("/elsewhere");
  });

  it("appears 50 ms after a dirty form is left", async () => {
    setup();
    await leaveDirty();
    expect(UNSAVED_DIALOG_DELAY_MS).toBe(50);
    act(() => vi.advanceTimersByTime(49));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("alertdialog")).toBeTruthy();
  });

  it("cancel stays on the form", async () => {
    const router = setup();
    await leaveDirty();
    act(() => vi.advanceTimersByTime(50));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    });
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(router.state.location.pathname).toBe("/form");
  });

  it("continue without saving discards and proceeds", async () => {
    const save = vi.fn(async () => true);
    const router = setup(true, save);
    await leaveDirty();
    act(() => vi.advanceTimersByTime(50));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Continue without saving" }));
    });
    expect(router.state.location.pathname).toBe("/elsewhere");
    expect(save).not.toHaveBeenCalled();
  });

  it("save saves, then proceeds", async () => {
    const save = vi.fn(async () => true);
    const router = setup(true, save);
    await leaveDirty();
    act(() => vi.advanceTimersByTime(50));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
    });
    expect(save).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe("/elsewhere");
  });

  it("a failed save stays on the form", async () => {
    const router = setup(true, async () => false);
    await leaveDirty();
    act(() => vi.advanceTimersByTime(50));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
    });
    expect(router.state.location.pathname).toBe("/form");
  });

  it("an invalid form says so and offers cancel and continue editing, not save", async () => {
    const router = setup(false);
    await leaveDirty();
    act(() => vi.advanceTimersByTime(50));
    const dialog = screen.getByRole("alertdialog");
    expect(dialog.textContent).toContain("The form is not valid");
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Cancel and continue editing" }));
    });
    expect(router.state.location.pathname).toBe("/form");
  });

  it("Escape cancels", async () => {
    const router = setup();
    await leaveDirty();
    act(() => vi.advanceTimersByTime(50));
    await act(async () => {
      fireEvent.keyDown(screen.getByRole("alertdialog"), { key: "Escape" });
    });
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(router.state.location.pathname).toBe("/form");
  });
});
