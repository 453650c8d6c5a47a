// Exports through the real server: the feedback-list poll and download, POST /results-pdf printing
// a served results page in Chromium (checked with pdftotext), its poll, plan and rights refusals with
// the spec's message, other people's and organisations' ids, and exportStatusChanged pushing
// generating → finished with progress over graphql-ws.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { execFileSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { chromiumPresent, pdftotextPresent } from "../../test/support.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { apiCall, apiFetch } from "../../test/rest-client.js";
import { globalId, gql, subscribeWs } from "../../test/graphql-client.js";
import { signInWithPassword } from "../../test/oidc-login.js";
import { loadViewer } from "../../domain/viewer.js";
import type { DomainContext } from "../../domain/context.js";
import { exportMessages, startExport } from "../../domain/exports/jobs.js";
import { pdfMessages } from "../../domain/exports/pdf.js";

// A stand-in for the web client's results page (built by the web issue): it reads the share link's
// defaults with the token from the address, with no session, draws them and marks itself ready.
const resultsPage = `<!doctype html><html><head><meta charset="utf-8"><title>Results</title></head><body><main id="out">loading</main>
<script src="/print-stub.js"></script></body></html>`;
// Its script is a file of its own: the app's CSP allows no inline script (api/src/http/security-headers.ts).
const resultsPageScript = `const q = new URLSearchParams(location.search);
fetch("/api/v5/results/token/" + q.get("token")).then((r) => r.json()).then((d) => {
  document.getElementById("out").textContent =
    "Shared results " + d.name + " from " + d.from + " to " + d.to + " components " + q.get("components") + " mode " + q.get("printMode") + " print " + q.get("print") + " type " + q.get("type") + " at " + location.pathname;
  document.body.dataset.printReady = "true";
});
`;

const eventually = async (check: () => Promise<boolean>, timeoutMs = 20_000) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe.skipIf(noDatabase)("exports", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  let dataDir: string;
  let webRoot: string;
  const tokens: Record<"admin" | "editor" | "viewer" | "otherAdmin", string> = {} as never;

  const call = (method: string, p: string, token?: string, body?: unknown) => apiCall(t.baseUrl, method, p, token, body);
  const ctxOf = async (userId: string, organizationId: string): Promise<DomainContext> => ({
    prisma: t.prisma,
    bus: t.bus,
    jobs: t.jobs,
    config: t.config,
    viewer: await loadViewer(t.prisma, userId, "accessToken", { organizationId }),
  });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "exports-rest-"));
    webRoot = await mkdtemp(path.join(os.tmpdir(), "web-root-"));
    await writeFile(path.join(webRoot, "index.html"), resultsPage);
    await writeFile(path.join(webRoot, "print-stub.js"), resultsPageScript);
    t = await startTestApp({ env: { DATA_DIR: dataDir, SERVE_WEB: "true" }, webRoot });
    org = await createOrganizationFixture(t.prisma, "Exports");
    other = await createOrganizationFixture(t.prisma, "Elsewhere");
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    tokens.admin = await signIn(org.users.admin.email);
    tokens.editor = await signIn(org.users.editorA.email);
    tokens.viewer = await signIn(org.users.viewerA.email);
    tokens.otherAdmin = await signIn(other.users.admin.email);
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(webRoot, { recursive: true, force: true });
  });

  it("feedback-list poll: generating, then finished with a download only its maker can fetch", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const cacheId = await startExport(await ctxOf(org.users.editorA.id, org.organization.id), {
      kind: "csv",
      request: { format: "csv" },
      producer: async (job) => {
        await job.reportProgress(40);
        await gate;
        await writeFile(job.outputPath, "feedbackId;meta_store\nabc;Helsinki\n");
      },
    });
    await eventually(async () => (await call("GET", `/results-feedbacklist/poll?cacheId=${cacheId}`, tokens.editor)).body.progress === 40);
    expect((await call("GET", `/results-feedbacklist/poll?cacheId=${cacheId}`, tokens.editor)).body).toEqual({
      status: "generating",
      progress: 40,
      url: null,
      error: null,
    });
    expect((await call("GET", `/exports/${cacheId}/download`, tokens.editor)).body).toEqual({ error: exportMessages.notReady });
    release();
    await eventually(async () => (await call("GET", `/results-feedbacklist/poll?cacheId=${cacheId}`, tokens.editor)).body.status === "finished");
    const done = await call("GET", `/results-feedbacklist/poll?cacheId=${cacheId}`, tokens.editor);
    expect(done.body).toEqual({ status: "finished", progress: 100, url: `${t.baseUrl}/api/v5/exports/${cacheId}/download`, error: null });

    const file = await apiFetch(t.baseUrl, "GET", `/exports/${cacheId}/download`, tokens.editor);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="feedback-list-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(await file.text()).toBe("feedbackId;meta_store\nabc;Helsinki\n");

    // Anyone else: the same organisation's admin, another organisation, no session.
    for (const token of [tokens.admin, tokens.otherAdmin]) {
      expect((await call("GET", `/results-feedbacklist/poll?cacheId=${cacheId}`, token)).body).toEqual({ error: exportMessages.notFound });
      const refused = await call("GET", `/exports/${cacheId}/download`, token);
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ error: exportMessages.notFound });
    }
    expect((await call("GET", `/exports/${cacheId}/download`)).status).toBe(401);
    // A CSV id is not a PDF id, and the other way round.
    expect((await call("GET", `/results-pdf/poll?id=${cacheId}`, tokens.editor)).status).toBe(404);
    expect((await call("GET", `/results-feedbacklist/poll?cacheId=nonsense`, tokens.editor)).status).toBe(404);

    // After 24 hours the download is gone.
    await t.prisma.exportJob.update({ where: { id: cacheId }, data: { finishedAt: new Date(Date.now() - 25 * 3_600_000) } });
    expect((await call("GET", `/results-feedbacklist/poll?cacheId=${cacheId}`, tokens.editor)).body.url).toBeNull();
    const gone = await call("GET", `/exports/${cacheId}/download`, tokens.editor);
    expect(gone.status).toBe(410);
    expect(gone.body).toEqual({ error: exportMessages.expired });
  });

  it("POST /results-pdf refuses bad requests, viewers, and plans without PDF export (the spec's message)", async () => {
    const before = await t.prisma.exportJob.count();
    const bad = await call("POST", "/results-pdf", tokens.editor, { data: [] });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: pdfMessages.componentsRequired, field: "data" });
    expect((await call("POST", "/results-pdf", tokens.editor, { data: ["summary"], printMode: "sideways" })).body.error).toBe(
      "printMode must be portrait or landscape",
    );
    expect((await call("POST", "/results-pdf", tokens.editor, { data: ["summary"], filters: { colour: "red" } })).body.error).toBe("Unknown filter 'colour'");

    const viewer = await call("POST", "/results-pdf", tokens.viewer, { data: ["summary"] });
    expect(viewer.status).toBe(403);
    expect(viewer.body).toEqual({ error: exportMessages.noRights });

    const csvOnly = await t.prisma.featureSet.create({ data: { name: `csv-only-${Date.now()}`, features: ["fileExportCsv"] } });
    await t.prisma.organization.update({ where: { id: other.organization.id }, data: { featureSetId: csvOnly.id } });
    const plan = await call("POST", "/results-pdf", tokens.otherAdmin, { data: ["summary"] });
    expect(plan.status).toBe(403);
    expect(plan.body).toEqual({ error: exportMessages.notOnPlan });
    const viaGraphQL = await gql(t.baseUrl, `mutation { startPdfExport(input: { components: ["summary"] }) { exportJob { id } } }`, {}, tokens.otherAdmin);
    expect(viaGraphQL.errors?.[0]).toMatchObject({ message: exportMessages.notOnPlan, extensions: { code: "FORBIDDEN" } });
    expect(await t.prisma.exportJob.count()).toBe(before);
  });

  it.skipIf(!chromiumPresent || !pdftotextPresent)("prints the served results page through a short-lived share link into a PDF", async () => {
    // A customer journey prints its own analytics page (docs/customer-journeys.md).
    const journey = await t.prisma.customerJourney.create({ data: { organizationId: org.organization.id, name: "Printed journey" } });
    const started = await call("POST", "/results-pdf", tokens.admin, {
      data: ["summary", { questionId: "q1" }],
      filters: { from: "2026-04-01", to: "2026-04-30" },
      type: "customerJourney",
      journeyId: journey.id,
    });
    expect(started.status).toBe(202);
    expect(started.body).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), status: "generating" });
    const id = started.body.id as string;
    await eventually(async () => (await call("GET", `/results-pdf/poll?id=${id}`, tokens.admin)).body.status !== "generating", 60_000);
    const poll = await call("GET", `/results-pdf/poll?id=${id}`, tokens.admin);
    expect(poll.body).toEqual({ status: "finished", progress: 100, url: `${t.baseUrl}/api/v5/exports/${id}/download`, error: null });

    const file = await apiFetch(t.baseUrl, "GET", `/exports/${id}/download`, tokens.admin);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const pdfPath = path.join(dataDir, "downloaded.pdf");
    await writeFile(pdfPath, bytes);
    // (a line broken after a hyphen is joined again)
    const text = execFileSync("pdftotext", ["-layout", pdfPath, "-"]).toString().replace(/\s+/g, " ").replace(/- /g, "-");
    expect(text).toContain(
      `Shared results PDF export from 2026/04/01 to 2026/04/30 components summary,q1 mode landscape print 1 type customerJourney at /customer-journey/analytics/${journey.id}`,
    );
    // Landscape A4: wider than high.
    const info = execFileSync("pdfinfo", [pdfPath]).toString();
    const [, w, h] = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(info)!;
    expect(Number(w)).toBeGreaterThan(Number(h));
    // A document (pdf-document.ts): a cover page with the organisation, the journey, the period and
    // the filters, then the printed page; "Page X of Y" on every page.
    const pages = Number(/Pages:\s+(\d+)/.exec(info)![1]);
    expect(pages).toBe(2);
    const cover = execFileSync("pdftotext", ["-layout", "-f", "1", "-l", "1", pdfPath, "-"]).toString().replace(/\s+/g, " ");
    expect(cover).toContain(org.organization.name);
    expect(cover).toContain("Customer journey report: Printed journey");
    expect(cover).toContain("Period 01.04.2026 – 30.04.2026");
    expect(cover).toContain("Filters All surveys and touchpoints you may see");
    expect(cover).toContain("Page 1 of 2");
    expect(cover).not.toContain("Shared results PDF export");
    const second = execFileSync("pdftotext", ["-layout", "-f", "2", "-l", "2", pdfPath, "-"]).toString().replace(/\s+/g, " ");
    expect(second).toContain("Shared results PDF export");
    expect(second).toContain("Page 2 of 2");
    // The printer's link is gone, and never listed.
    expect(await t.prisma.shareToken.count({ where: { organizationId: org.organization.id, name: "PDF export" } })).toBe(0);
  });

  it("a missing Chromium fails the PDF job with a clear message", async () => {
    const noChromium = await startTestApp({ env: { CHROMIUM_PATH: "/nonexistent/chromium", DATA_DIR: dataDir } });
    try {
      const admin = (await signInWithPassword(noChromium.baseUrl, org.users.admin.email, testPassword)).accessToken;
      const { body } = await apiCall(noChromium.baseUrl, "POST", "/results-pdf", admin, { data: ["summary"] });
      await eventually(async () => (await apiCall(noChromium.baseUrl, "GET", `/results-pdf/poll?id=${body.id}`, admin)).body.status !== "generating");
      expect((await apiCall(noChromium.baseUrl, "GET", `/results-pdf/poll?id=${body.id}`, admin)).body).toEqual({
        status: "failed",
        progress: 0,
        url: null,
        error: pdfMessages.needsChromium,
      });
    } finally {
      await noChromium.close();
    }
  });

  it("exportStatusChanged pushes the current state, then generating with rising progress, then finished", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const id = await startExport(await ctxOf(org.users.editorA.id, org.organization.id), {
      kind: "xlsx",
      request: {},
      producer: async (job) => {
        await gate;
        for (const pct of [20, 40, 60, 80]) {
          await job.reportProgress(pct);
          await new Promise((r) => setTimeout(r, 250));
        }
        await writeFile(job.outputPath, "x");
      },
    });
    const gid = globalId("ExportJob", id);
    const query = `subscription { exportStatusChanged(id: "${gid}") { id kind status progress downloadUrl } }`;
    // Not the maker: refused (same organisation's admin, another organisation).
    for (const token of [tokens.admin, tokens.otherAdmin]) {
      const refused = subscribeWs(t.baseUrl, query, token);
      await refused.waitFor(1, 3000);
      expect(JSON.stringify([...refused.events, ...refused.errors])).toContain(exportMessages.notFound);
      await refused.close();
    }
    const sub = subscribeWs(t.baseUrl, query, tokens.editor);
    await sub.waitFor(1, 5000);
    expect(sub.events[0]).toEqual({ data: { exportStatusChanged: { id: gid, kind: "xlsx", status: "generating", progress: 0, downloadUrl: null } } });
    release();
    await eventually(async () => sub.events.some((e) => (e.data as any)?.exportStatusChanged?.status === "finished"));
    await sub.close();
    const states = sub.events.map((e) => (e.data as any).exportStatusChanged as { status: string; progress: number; downloadUrl: string | null });
    const progress = states.filter((s) => s.status === "generating").map((s) => s.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.filter((p) => p > 0 && p < 100).length).toBeGreaterThanOrEqual(3);
    expect(states.at(-1)).toEqual({ id: gid, kind: "xlsx", status: "finished", progress: 100, downloadUrl: `${t.baseUrl}/api/v5/exports/${id}/download` });

    // GraphQL exportJob reads the same state.
    const job = await gql(t.baseUrl, `{ exportJob(id: "${gid}") { id legacyId status progress downloadUrl expiresAt } }`, {}, tokens.editor);
    expect(job.data!.exportJob).toMatchObject({
      id: gid,
      legacyId: id,
      status: "finished",
      progress: 100,
      downloadUrl: `${t.baseUrl}/api/v5/exports/${id}/download`,
    });
    const foreign = await gql(t.baseUrl, `{ exportJob(id: "${gid}") { status } }`, {}, tokens.otherAdmin);
    expect(foreign.errors?.[0]).toMatchObject({ message: exportMessages.notFound, extensions: { code: "NOT_FOUND" } });
  });
});
