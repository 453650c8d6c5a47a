// autocannon `setupRequest` for bench/suites/ingestion.ts, loaded by path inside autocannon's worker
// thread (a worker needs a file, not a function). Every request is a new response of the demo
// "Store visit" survey (5 answers) with its own idempotency key, to one of the suite's touchpoints,
// from its own client address (X-Forwarded-For: many respondents, as behind a public link).
const { randomBytes } = require("node:crypto");

const spec = JSON.parse(process.env.INGESTION_BENCH_SPEC || "{}");
const texts = [
  "Friendly staff and quick service, thank you!",
  "The queue at the checkout was a bit long today.",
  "Great selection and fair prices.",
  "Could not find the product I came for.",
];
let n = Math.floor(Math.random() * 1e6);

module.exports = function setupRequest(req) {
  n++;
  const touchpointId = spec.touchpoints[n % spec.touchpoints.length];
  const q = spec.questions;
  const body = {
    idempotencyKey: randomBytes(12).toString("base64url"),
    surveyId: spec.surveyId,
    language: "fi",
    metadata: { visit: n % 3 ? "returning" : "first" },
    answers: [
      { questionId: q.smiley, value: n % 5 },
      { questionId: q.nps, value: n % 11 },
      { questionId: q.singleChoice, value: spec.choices[n % spec.choices.length] },
      { questionId: q.emotion, value: spec.emotions[n % spec.emotions.length] },
      { questionId: q.openText, value: texts[n % texts.length] },
    ],
  };
  return {
    ...req,
    method: "POST",
    path: `/r/${touchpointId}/responses`,
    headers: { "content-type": "application/json", "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
    body: JSON.stringify(body),
  };
};
