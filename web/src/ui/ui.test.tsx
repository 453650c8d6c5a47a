import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { Badge, StatusPill } from "./Badge";
import { Button } from "./Button";
import { Card } from "./Card";
import { DELIVERY_STATUSES, DeliveryStatusPill } from "./DeliveryStatusPill";
import { EmptyState } from "./EmptyState";
import { IconButton } from "./IconButton";
import { AddIcon, DeleteIcon, icons } from "./icons";
import { LinkButton } from "./LinkButton";
import { Skeleton } from "./Skeleton";

const wrap = (node: ReactNode) => render(<I18nProvider i18n={i18n}>{node}</I18nProvider>);

describe("Button", () => {
  it("is a non-submitting button named by its text, in the variant and size asked for", () => {
    wrap(
      <form>
        <Button variant="primary" size="lg">
          Save
        </Button>
        <Button>Cancel</Button>
      </form>,
    );
    const save = screen.getByRole("button", { name: "Save" });
    expect(save.getAttribute("type")).toBe("button");
    expect(save.className).toBe("ui-button ui-button--primary ui-button--lg");
    expect(screen.getByRole("button", { name: "Cancel" }).className).toBe("ui-button ui-button--secondary ui-button--md");
  });

  it.each(["primary", "secondary", "quiet", "danger"] as const)("variant %s gets its class", (variant) => {
    wrap(<Button variant={variant}>Go</Button>);
    expect(screen.getByRole("button", { name: "Go" }).classList.contains(`ui-button--${variant}`)).toBe(true);
  });

  it("while loading: aria-busy, focusable, clicks ignored; afterwards clicks work again", () => {
    const onClick = vi.fn();
    const { rerender } = wrap(
      <Button variant="primary" loading onClick={onClick}>
        Export
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Export" });
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect((button as HTMLButtonElement).disabled).toBe(false);
    button.focus();
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(button.querySelector(".ui-button__spinner")?.getAttribute("aria-hidden")).toBe("true");
    rerender(
      <I18nProvider i18n={i18n}>
        <Button variant="primary" onClick={onClick}>
          Export
        </Button>
      </I18nProvider>,
    );
    expect(button.getAttribute("aria-busy")).toBeNull();
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("disabled is the native disabled state; a submit button submits its form", () => {
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    wrap(
      <form onSubmit={onSubmit}>
        <Button disabled>Later</Button>
        <Button type="submit" variant="primary" icon={AddIcon}>
          Create
        </Button>
      </form>,
    );
    expect((screen.getByRole("button", { name: "Later" }) as HTMLButtonElement).disabled).toBe(true);
    const create = screen.getByRole("button", { name: "Create" });
    expect(create.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
    fireEvent.click(create);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

describe("LinkButton", () => {
  it("is a link (it navigates) styled as a button of its variant", () => {
    wrap(
      <MemoryRouter>
        <LinkButton to="/surveys/new/edit" variant="primary" icon={AddIcon}>
          Create a survey
        </LinkButton>
      </MemoryRouter>,
    );
    const link = screen.getByRole("link", { name: "Create a survey" });
    expect(link.getAttribute("href")).toBe("/surveys/new/edit");
    expect(link.className).toBe("ui-button ui-button--primary ui-button--md");
    expect(link.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
  });
});

describe("IconButton", () => {
  it("is named by its label (also its tooltip); the icon is hidden", () => {
    const onClick = vi.fn();
    wrap(<IconButton label="Delete response" icon={DeleteIcon} variant="danger" onClick={onClick} />);
    const button = screen.getByRole("button", { name: "Delete response" });
    expect(button.getAttribute("title")).toBe("Delete response");
    expect(button.textContent).toBe("");
    expect(button.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
    expect(button.classList.contains("ui-button--danger")).toBe(true);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("refuses to render without a name", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => wrap(<IconButton label="  " icon={DeleteIcon} />)).toThrow("IconButton needs a label");
  });

  it("loading keeps the name and sets aria-busy", () => {
    wrap(<IconButton label="Download" icon={icons.download} loading />);
    expect(screen.getByRole("button", { name: "Download" }).getAttribute("aria-busy")).toBe("true");
  });
});

describe("icons", () => {
  it("every icon is hidden decoration by default and an image when given a title", () => {
    expect(Object.keys(icons)).toHaveLength(33);
    for (const [name, Icon] of Object.entries(icons)) {
      const { container, unmount } = render(<Icon />);
      const svg = container.querySelector("svg")!;
      expect(svg.getAttribute("aria-hidden"), name).toBe("true");
      expect(svg.getAttribute("focusable"), name).toBe("false");
      expect(svg.classList.contains(`ui-icon--${name}`), name).toBe(true);
      expect(svg.children.length, name).toBeGreaterThan(0);
      unmount();
    }
    render(<icons.warning title="Warning" className="extra" />);
    const img = screen.getByRole("img", { name: "Warning" });
    expect(img.getAttribute("aria-hidden")).toBeNull();
    expect(img.getAttribute("class")).toBe("ui-icon ui-icon--warning extra");
  });
});

describe("EmptyState, Skeleton, Badge, Card", () => {
  it("an empty state names itself by its title and offers the next step", () => {
    const create = vi.fn();
    wrap(
      <EmptyState
        title="No surveys yet"
        icon={icons.chart}
        headingLevel={3}
        action={
          <Button variant="primary" onClick={create}>
            Create a survey
          </Button>
        }
      >
        <p>Create a survey to start collecting feedback.</p>
      </EmptyState>,
    );
    const region = screen.getByRole("region", { name: "No surveys yet" });
    expect(within(region).getByRole("heading", { level: 3, name: "No surveys yet" })).toBeTruthy();
    expect(within(region).getByText("Create a survey to start collecting feedback.")).toBeTruthy();
    fireEvent.click(within(region).getByRole("button", { name: "Create a survey" }));
    expect(create).toHaveBeenCalled();
  });

  it("a skeleton is a busy status region that says what loads; its shapes are hidden", () => {
    const { container } = wrap(<Skeleton label="Loading results" lines={4} />);
    const status = screen.getByRole("status");
    expect(status.getAttribute("aria-busy")).toBe("true");
    expect(status.textContent).toBe("Loading results");
    expect(container.querySelectorAll(".ui-skeleton__line")).toHaveLength(4);
    expect(container.querySelector(".ui-skeleton__shapes")?.getAttribute("aria-hidden")).toBe("true");
  });

  it("badges and pills carry their tone; delivery statuses read in words", () => {
    wrap(
      <>
        <Badge tone="success">Active</Badge>
        <StatusPill tone="danger">Failed</StatusPill>
        {DELIVERY_STATUSES.map((s) => (
          <DeliveryStatusPill key={s} status={s} />
        ))}
      </>,
    );
    expect(screen.getByText("Active").className).toBe("ui-badge ui-badge--success");
    expect(screen.getByText("Failed").className).toBe("ui-badge ui-badge--pill ui-badge--danger");
    expect(screen.getByText("Responded").className).toContain("ui-badge--success");
    expect(screen.getByText("Not delivered").className).toContain("ui-badge--danger");
    for (const label of ["Pending", "Delivered", "Opened", "Clicked", "Status unknown"]) expect(screen.getByText(label)).toBeTruthy();
  });

  it("a card with a title is a region named by it, with its actions", () => {
    wrap(
      <Card title="Response rate" actions={<IconButton label="Share card" icon={icons.share} />}>
        <p>42 %</p>
      </Card>,
    );
    const card = screen.getByRole("region", { name: "Response rate" });
    expect(within(card).getByRole("heading", { level: 2 })).toBeTruthy();
    expect(within(card).getByRole("button", { name: "Share card" })).toBeTruthy();
  });
});
