// Every module that defines an export producer, imported for its registration, so any process that
// runs jobs (the api, `npm run worker`) knows every producer by name. Add a line per producer module.
import "./exports/pdf.js";
import "./feedback-list/exports.js";
