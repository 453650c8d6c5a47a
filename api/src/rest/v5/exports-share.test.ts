// A share link's visitor exports (spec 001 §7 POST /results/list with a file
// format, the feedback-list poll, POST /results-pdf and its poll) on the real server: no session, the
// token in `?token=`. The file holds exactly what the link shows (its team bound by the creator's,
// hidden responses and answers left out, hideTimestamps, hideResultsIfLessThan), and belongs to the
// link: another link's token, the creator's or anyone's bearer, a tampered token get 404; an expired
// link 410; a member's own file is never reached with a token. The plan and the creator's rights
// still apply.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { execFileSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { chromiumPresent, pdftotextPresent } from "../../test/support.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { apiCall } from "../../test/rest-client.js";
import { signInWithPassword } from "../../test/oidc-login.js";
import { createListSurvey, fullAnswers, insertResponses, type ListSurvey } from "../../test/list-survey.js";
import { generateShareToken } from "../../domain/results-scope/share-token.js";
import { shareMessages } from "../../domain/results-scope/share-link.js";
import { exportMessages } from "../../domain/exports/jobs.js";

const day = (d: Date) => d.toISOString().slice(0, 10);

// A stand-in for the web client's print page: reads the (internal) link's defaults with the token of
// its address, no session, prints its name, window and smiley scale, and marks itself ready.
const resultsPage = `<!doctype html><html><head><meta charset="utf-8"><title>Results</title></head><body><main id="out">loading</main>
<script src="/print-stub.js"></script></body></html>`;
// Its script is a file of its own: the app's CSP allows no inline script (api/src/http/security-headers.ts).
const resultsPageScript = `const q = new URLSearchParams(location.search);
fetch("/api/v5/results/token/" + q.get("token")).then((r) => r.json()).then((d) => {
  document.getElementById("out").textContent = "Printed " + d.name + " from " + d.from + " to " + d.to + " hideTimestamps " + d.hideTimestamps;
  document.body.dataset.printReady = "true";
});
`;

describe.skipIf(noDatabase)("a share link's visitor exports", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let poor: OrganizationFixture;
  let s: ListSurvey;
  let dataDir: string;
  let webRoot: string;
  const tokens: Record<"admin" | "editorA" | "poorAdmin", string> = {} as never;
  const ids: Record<string, string> = {};
  const base = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() - 2, 10, 15));
  const at = (h: number) => new Date(base.getTime() + h * 3_600_000);
  const window = () => ({ from: day(new Date(base.getTime() - 3 * 86_400_000)), to: day(new Date()) });

  const call = (method: string, p: string, bearer?: string, body?: unknown) => apiCall(t.baseUrl, method, p, bearer, body);
  const q = (token: string) => `token=${encodeURIComponent(token)}`;
  /** A link made straight in the table (so the tests can give it any filters, e.g. no team). */
  const makeLink = async (o: OrganizationFixture, createdByUserId: string, data: Record<string, unknown> = {}) => {
    const { token, tokenHash } = generateShareToken();
    const row = await t.prisma.shareToken.create({
      data: {
        organizationId: o.organization.id,
        createdByUserId,
        token: tokenHash,
        filters: { ...window(), surveyId: [s.survey.id] },
        allowChanges: [],
        ...data,
      },
    });
    return { token, id: row.id };
  };
  const waitForPoll = async (p: string, bearer?: string) => {
    for (let i = 0; i < 400; i++) {
      const r = await call("GET", p, bearer);
      if (r.status !== 200 || r.body.status !== "generating") return r;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`${p} still generating`);
  };
  /** Starts a CSV as the visitor, waits for it, and answers its id and rows. */
  const visitorCsv = async (token: string, body: Record<string, unknown> = {}) => {
    const started = await call("POST", `/results/list?${q(token)}`, undefined, { format: "csv", locale: "en", ...body });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const cacheId = started.body.cacheId as string;
    const poll = await waitForPoll(`/results-feedbacklist/poll?cacheId=${cacheId}&${q(token)}`);
    expect(poll.body, JSON.stringify(poll.body)).toMatchObject({ status: "finished", progress: 100, error: null });
    // The address the poll gives works as it is: it carries the same token.
    expect(poll.body.url).toBe(`${t.baseUrl}/api/v5/exports/${cacheId}/download?${q(token)}`);
    const file = await fetch(poll.body.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const rows: string[][] = parse(await file.text(), { bom: true });
    return { cacheId, rows };
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "exports-share-"));
    webRoot = await mkdtemp(path.join(os.tmpdir(), "web-root-share-"));
    await writeFile(path.join(webRoot, "index.html"), resultsPage);
    await writeFile(path.join(webRoot, "print-stub.js"), resultsPageScript);
    t = await startTestApp({ env: { DATA_DIR: dataDir, SERVE_WEB: "true" }, webRoot });
    org = await createOrganizationFixture(t.prisma, "Shared exports");
    poor = await createOrganizationFixture(t.prisma, "No exports");
    const noExports = await t.prisma.featureSet.create({ data: { name: `no-exports-${Date.now()}`, features: ["restApi"] } });
    await t.prisma.organization.update({ where: { id: poor.organization.id }, data: { featureSetId: noExports.id } });
    s = await createListSurvey(t.prisma, org);
    const [first, second, hidden, inB, hiddenText] = await insertResponses(t.prisma, org.organization.id, s.survey.id, [
      { touchpoint: s.touchpointA, createdAt: at(0), metadata: { store: "Kamppi" }, answers: fullAnswers(s) },
      { touchpoint: s.touchpointA, createdAt: at(1), metadata: { store: "Itis" }, answers: fullAnswers(s, { smiley: 0, nps: 3, choice: "bad" }) },
      { touchpoint: s.touchpointA, createdAt: at(2), hidden: true, answers: fullAnswers(s, { text: "Hidden response" }) },
      { touchpoint: s.touchpointB, createdAt: at(3), metadata: { store: "Web" }, answers: fullAnswers(s, { text: "From the web shop" }) },
      { touchpoint: s.touchpointA, createdAt: at(4), answers: fullAnswers(s, { text: "Secret words", hideText: true }) },
    ]);
    Object.assign(ids, { first, second, hidden, inB, hiddenText });
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    tokens.admin = await signIn(org.users.admin.email);
    tokens.editorA = await signIn(org.users.editorA.email);
    tokens.poorAdmin = await signIn(poor.users.admin.email);
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(webRoot, { recursive: true, force: true });
  });

  it("a visitor's CSV holds the link's rows only: the creator's team, no hidden responses or answers, dates without times", async () => {
    // editorA sees team A only; the link names no team: the file is still bounded to team A.
    const link = await makeLink(org, org.users.editorA.id, { hideTimestamps: true, allowChanges: ["metaDataMatch"] });
    const { cacheId, rows } = await visitorCsv(link.token, { filters: { surveyId: [] } });
    const job = await t.prisma.exportJob.findUniqueOrThrow({ where: { id: cacheId } });
    expect(job).toMatchObject({ shareTokenId: link.id, userId: org.users.editorA.id, organizationId: org.organization.id, kind: "csv", status: "finished" });
    expect(rows[0]!.slice(0, 5)).toEqual(["Response id", "Date", "Touchpoint", "Language", "Status"]);
    // Newest first; the web shop's response (team B) and the hidden one are not there.
    expect(rows.slice(1).map((r) => r[0])).toEqual([ids.hiddenText, ids.second, ids.first]);
    for (const row of rows.slice(1)) expect(row[1]).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
    const textColumn = rows[0]!.indexOf("Tell us more");
    expect(rows.find((r) => r[0] === ids.hiddenText)![textColumn]).toBe("");
    expect(rows.find((r) => r[0] === ids.first)![textColumn]).toBe("Friendly staff");

    // The visitor's allowed change (metaDataMatch) narrows the file; a change not allowed (the surveys,
    // above) was ignored.
    const narrowed = await visitorCsv(link.token, { filters: { metaDataMatch: { strict: true, items: [{ key: "store", value: "Itis" }] } } });
    expect(narrowed.rows.slice(1).map((r) => r[0])).toEqual([ids.second]);
  });

  it("a visitor allowed to pick the surveys gets the surveys picked in the file, and only them", async () => {
    const other = await createListSurvey(t.prisma, org, "Another survey");
    const [elsewhere] = await insertResponses(t.prisma, org.organization.id, other.survey.id, [
      { touchpoint: other.touchpointA, createdAt: at(5), answers: fullAnswers(other) },
    ]);
    const link = await makeLink(org, org.users.admin.id, { filters: { ...window(), surveyId: [] }, allowChanges: ["surveyId"] });
    const all = await visitorCsv(link.token);
    expect(all.rows.slice(1).map((r) => r[0])).toContain(elsewhere);
    const picked = await visitorCsv(link.token, { filters: { ...window(), surveyId: [s.survey.id] } });
    expect(picked.rows.slice(1).map((r) => r[0])).toEqual([ids.hiddenText, ids.inB, ids.second, ids.first]);
    const pickedOther = await visitorCsv(link.token, { filters: { ...window(), surveyId: [other.survey.id] } });
    expect(pickedOther.rows.slice(1).map((r) => r[0])).toEqual([elsewhere]);
  });

  it("the file answers only the same link's token: another link, bearers (even the creator's), tampered tokens get 404; no token 401", async () => {
    const link = await makeLink(org, org.users.admin.id);
    const sibling = await makeLink(org, org.users.admin.id);
    const { cacheId, rows } = await visitorCsv(link.token);
    // An admin's link: every team, but still no hidden response.
    expect(rows.slice(1).map((r) => r[0])).toEqual([ids.hiddenText, ids.inB, ids.second, ids.first]);
    const poll = `/results-feedbacklist/poll?cacheId=${cacheId}`;
    const download = `/exports/${cacheId}/download`;
    const refused = async (p: string, bearer?: string) => {
      const r = await call("GET", p, bearer);
      expect(r.status, `${p} ${JSON.stringify(r.body)}`).toBe(404);
      return r.body;
    };
    expect(await refused(`${poll}&${q(sibling.token)}`)).toEqual({ error: exportMessages.notFound });
    expect(await refused(`${download}?${q(sibling.token)}`)).toEqual({ error: exportMessages.notFound });
    for (const bearer of [tokens.admin, tokens.editorA, tokens.poorAdmin]) {
      expect(await refused(poll, bearer)).toEqual({ error: exportMessages.notFound });
      expect(await refused(download, bearer)).toEqual({ error: exportMessages.notFound });
    }
    const tampered = `${link.token.slice(0, -3)}${link.token.endsWith("aaa") ? "bbb" : "aaa"}`;
    expect(await refused(`${download}?${q(tampered)}`)).toEqual({ error: shareMessages.invalid });
    expect(await refused(`${poll}&${q(tampered)}`)).toEqual({ error: shareMessages.invalid });
    expect((await call("GET", download)).status).toBe(401);
    // The PDF poll does not answer a CSV id, even with the right token.
    expect((await call("GET", `/results-pdf/poll?id=${cacheId}&${q(link.token)}`)).status).toBe(404);

    // A member's own file is never reached with a token.
    const mine = await call("POST", "/results/list", tokens.admin, { filters: { ...window(), surveyId: [s.survey.id] }, format: "csv" });
    expect(mine.status).toBe(200);
    await waitForPoll(`/results-feedbacklist/poll?cacheId=${mine.body.cacheId}`, tokens.admin);
    expect(await refused(`/results-feedbacklist/poll?cacheId=${mine.body.cacheId}&${q(link.token)}`)).toEqual({ error: exportMessages.notFound });
    expect(await refused(`/exports/${mine.body.cacheId}/download?${q(link.token)}`)).toEqual({ error: exportMessages.notFound });
    expect((await call("GET", `/exports/${mine.body.cacheId}/download`, tokens.admin)).status).toBe(200);

    // Removing the link removes its files: its token, the job and the file on disk are gone.
    const { filePath } = await t.prisma.exportJob.findUniqueOrThrow({ where: { id: cacheId } });
    expect(existsSync(filePath!)).toBe(true);
    const revoked = await call("DELETE", `/results/tokens/${link.id}`, tokens.admin);
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(await refused(`${download}?${q(link.token)}`)).toEqual({ error: shareMessages.invalid });
    expect(await t.prisma.exportJob.count({ where: { id: cacheId } })).toBe(0);
    expect(existsSync(filePath!)).toBe(false);
  });

  it("a link makes one file at a time: a second export while one is being made gets 429, after it finishes it is accepted", async () => {
    const link = await makeLink(org, org.users.admin.id);
    const running = await t.prisma.exportJob.create({
      data: { organizationId: org.organization.id, userId: org.users.admin.id, shareTokenId: link.id, kind: "csv", request: {} },
    });
    const refusedWhileBusy = await call("POST", `/results/list?${q(link.token)}`, undefined, { format: "xlsx" });
    expect(refusedWhileBusy.status).toBe(429);
    expect(refusedWhileBusy.body).toEqual({ error: exportMessages.linkBusy });
    // Another link of the same creator is not held up.
    const other = await makeLink(org, org.users.admin.id);
    expect((await visitorCsv(other.token)).cacheId).toMatch(/^[0-9a-f]{24}$/);
    await t.prisma.exportJob.update({ where: { id: running.id }, data: { status: "finished", finishedAt: new Date() } });
    expect((await visitorCsv(link.token)).cacheId).toMatch(/^[0-9a-f]{24}$/);
  });

  it("an expired link: 410 for its file, its poll and a new export; after 24 hours the file is gone (410)", async () => {
    const link = await makeLink(org, org.users.admin.id);
    const { cacheId } = await visitorCsv(link.token);
    await t.prisma.exportJob.update({ where: { id: cacheId }, data: { finishedAt: new Date(Date.now() - 25 * 3_600_000) } });
    expect((await call("GET", `/results-feedbacklist/poll?cacheId=${cacheId}&${q(link.token)}`)).body.url).toBeNull();
    const old = await call("GET", `/exports/${cacheId}/download?${q(link.token)}`);
    expect(old.status).toBe(410);
    expect(old.body).toEqual({ error: exportMessages.expired });

    const fresh = await visitorCsv(link.token);
    await t.prisma.shareToken.update({ where: { id: link.id }, data: { expiredAt: new Date(Date.now() - 1000) } });
    for (const p of [`/exports/${fresh.cacheId}/download?${q(link.token)}`, `/results-feedbacklist/poll?cacheId=${fresh.cacheId}&${q(link.token)}`]) {
      const r = await call("GET", p);
      expect(r.status, p).toBe(410);
      expect(r.body).toEqual({ error: shareMessages.expired });
    }
    const before = await t.prisma.exportJob.count();
    const start = await call("POST", `/results/list?${q(link.token)}`, undefined, { format: "xlsx" });
    expect(start.status).toBe(410);
    expect(await t.prisma.exportJob.count()).toBe(before);
  });

  it("hideResultsIfLessThan: fewer responses than the link's threshold give a file with the header only", async () => {
    const link = await makeLink(org, org.users.admin.id, { hideResultsIfLessThan: 10 });
    const { rows } = await visitorCsv(link.token);
    expect(rows).toHaveLength(1);
    expect(rows[0]![0]).toBe("Response id");
  });

  it("the plan and the creator's rights still apply: the spec's message without the export feature; a viewer's link exports nothing", async () => {
    const before = await t.prisma.exportJob.count();
    const poorLink = await makeLink(poor, poor.users.admin.id, { filters: window() });
    for (const [p, body] of [
      ["/results/list", { format: "csv" }],
      ["/results/list", { format: "xlsx" }],
      ["/results-pdf", { data: ["questions"] }],
    ] as const) {
      const r = await call("POST", `${p}?${q(poorLink.token)}`, undefined, body);
      expect(r.status, p).toBe(403);
      expect(r.body).toEqual({ error: exportMessages.notOnPlan });
    }
    const viewerLink = await makeLink(org, org.users.viewerA.id);
    const r = await call("POST", `/results/list?${q(viewerLink.token)}`, undefined, { format: "csv" });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ error: exportMessages.linkNoRights });
    // Bad filters (in what the link lets the visitor change) are refused before anything is queued.
    const dated = await makeLink(org, org.users.admin.id, { allowChanges: ["date"] });
    const bad = await call("POST", `/results/list?${q(dated.token)}`, undefined, { format: "csv", filters: { from: "2026-05-10", to: "2026-05-01" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("The start date must not be after the end date");
    expect(await t.prisma.exportJob.count()).toBe(before);
    // The JSON page stays open to the viewer's link.
    expect((await call("POST", `/results/list?${q(viewerLink.token)}`, undefined, {})).status).toBe(200);
  });

  it.skipIf(!chromiumPresent || !pdftotextPresent)(
    "a visitor's PDF prints what the link shows (its name, window, team and options), polled and downloaded with the token",
    async () => {
      const link = await makeLink(org, org.users.editorA.id, {
        name: "Kamppi weekly",
        hideTimestamps: true,
        filters: { from: "2026-04-01", to: "2026-04-30" },
      });
      const started = await call("POST", `/results-pdf?${q(link.token)}`, undefined, { data: ["questions"] });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      const id = started.body.id as string;
      const poll = await waitForPoll(`/results-pdf/poll?id=${id}&${q(link.token)}`);
      expect(poll.body).toEqual({ status: "finished", progress: 100, url: `${t.baseUrl}/api/v5/exports/${id}/download?${q(link.token)}`, error: null });
      expect((await call("GET", `/exports/${id}/download`, tokens.editorA)).status).toBe(404);
      const file = await fetch(poll.body.url);
      expect(file.headers.get("content-type")).toBe("application/pdf");
      const pdfPath = path.join(dataDir, "visitor.pdf");
      await writeFile(pdfPath, Buffer.from(await file.arrayBuffer()));
      const text = execFileSync("pdftotext", ["-layout", pdfPath, "-"]).toString().replace(/\s+/g, " ");
      expect(text).toContain("Printed Kamppi weekly from 2026/04/01 to 2026/04/30 hideTimestamps true");
      // The printer's internal link is gone.
      expect(await t.prisma.shareToken.count({ where: { organizationId: org.organization.id, name: "Kamppi weekly" } })).toBe(1);
    },
  );
});
