import { i18n } from "@lingui/core";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";

// The first render of a lazy route compiles its module: allow for that.
configure({ asyncUtilTimeout: 5000 });

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Source (English) messages: the macros keep them outside production builds.
i18n.loadAndActivate({ locale: "en", messages: {} });

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
});
