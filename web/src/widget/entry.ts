// The widget script's entry (built to dist/widget/widget.js): one script tag, no framework.
import { boot, findScript } from "./runtime.js";

boot(window, findScript(document));
