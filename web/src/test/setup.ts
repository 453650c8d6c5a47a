import { i18n } from "@lingui/core";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";

// Source (English) messages: the macros keep them outside production builds.
i18n.loadAndActivate({ locale: "en", messages: {} });

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
});
