// Message templates through the real server: save one language and a language group, update a group,
// list by type, validation messages, another organisation's template, rights; preview and test message
// (the outbox in embedded mode: no SMTP_URL here).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { apiCall } from "../../test/rest-client.js";
import { signInWithPassword } from "../../test/oidc-login.js";
import { waitForOutboxMail } from "../../test/mail.js";
import { templateMessages } from "../../domain/campaigns/messages/templates.js";
import { testMessageMessages } from "../../domain/campaigns/messages/preview.js";
import { verifyUnsubscribeToken } from "../../domain/campaigns/unsubscribe/token.js";

describe.skipIf(noDatabase)("message templates (REST)", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  let surveyId: string;
  const tokens: Record<"editor" | "viewer" | "otherAdmin" | "adminB", string> = {} as never;
  const call = (method: string, path: string, token?: string, body?: unknown) => apiCall(t.baseUrl, method, path, token, body);

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Mailer");
    other = await createOrganizationFixture(t.prisma, "Others");
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    tokens.editor = await signIn(org.users.editorA.email);
    tokens.viewer = await signIn(org.users.viewerA.email);
    tokens.otherAdmin = await signIn(other.users.admin.email);
    tokens.adminB = await signIn(org.users.adminB.email);
    surveyId = (await t.prisma.survey.create({ data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name: "Visit survey" } })).id;
  });
  afterAll(async () => t?.close());

  const email = {
    name: "Spring",
    templateType: "email",
    subject: "Hi {{firstName}}",
    content: "How was {{store}}?",
    ctaText: "Answer",
    replyToAddress: "Help@Shop.example",
  };

  it("saves a one-language template and lists it by type", async () => {
    const saved = await call("POST", "/message-templates", tokens.editor, { ...email, language: "en", senderName: "Shop" });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ message: "template saved", groupId: null });
    expect(saved.body.templates).toEqual([
      expect.objectContaining({
        name: "Spring",
        language: "en",
        subject: "Hi {{firstName}}",
        replyToAddress: "help@shop.example",
        showHeadings: true,
        groupId: null,
      }),
    ]);
    const sms = await call("POST", "/message-templates", tokens.editor, { name: "Text", templateType: "sms", content: "Rate us {{link}}", subject: "ignored" });
    expect(sms.body.templates[0]).toMatchObject({ subject: "", content: "Rate us {{link}}", ctaText: null, senderName: null });

    const emails = await call("GET", "/message-templates?type=email", tokens.editor);
    expect(emails.body.map((m: { name: string }) => m.name)).toContain("Spring");
    expect(emails.body.map((m: { templateType: string }) => m.templateType)).not.toContain("sms");
    expect((await call("GET", "/message-templates?type=sms", tokens.editor)).body.map((m: { name: string }) => m.name)).toEqual(["Text"]);
    expect((await call("GET", "/message-templates?type=fax", tokens.editor)).body).toEqual({ error: templateMessages.typeRequired });
  });

  it("saves a language group per language with a shared groupId and suffixed names, and updates it", async () => {
    const saved = await call("POST", "/message-templates", tokens.editor, {
      name: "Autumn",
      templateType: "email",
      languages: { en: { subject: "Hello", content: "Answer please" }, fi: { subject: "Hei", content: "Vastaa", ctaText: "Vastaa nyt" } },
    });
    expect(saved.status).toBe(201);
    const { groupId, templates } = saved.body;
    expect(groupId).toMatch(/^[0-9a-f]{24}$/);
    expect(templates.map((m: { name: string; language: string; groupId: string }) => [m.name, m.language, m.groupId])).toEqual([
      ["Autumn (en)", "en", groupId],
      ["Autumn (fi)", "fi", groupId],
    ]);
    // Update through the Finnish row: rename, change fi, add es; en is kept (renamed).
    const fiId = templates[1]._id;
    const updated = await call("PUT", `/message-templates/${fiId}`, tokens.editor, {
      name: "Fall",
      templateType: "email",
      languages: { fi: { subject: "Moi", content: "Vastaa" }, es: { subject: "Hola", content: "Responde" } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe("template saved");
    const rows = await t.prisma.messageTemplate.findMany({ where: { groupId }, orderBy: { language: "asc" } });
    expect(rows.map((r) => [r.name, r.language, r.subject])).toEqual([
      ["Fall (en)", "en", "Hello"],
      ["Fall (es)", "es", "Hola"],
      ["Fall (fi)", "fi", "Moi"],
    ]);
  });

  it("refuses bad input with specific messages and saves nothing", async () => {
    const before = await t.prisma.messageTemplate.count({ where: { organizationId: org.organization.id } });
    const cases: [unknown, string, string?][] = [
      [{ ...email, name: " " }, templateMessages.nameRequired, "name"],
      [{ ...email, templateType: "fax" }, templateMessages.typeRequired, "templateType"],
      [{ ...email, subject: "  " }, templateMessages.subjectRequired, "languages.0.subject"],
      [{ ...email, content: "" }, templateMessages.emailContentRequired, "languages.0.content"],
      [{ ...email, replyToAddress: "not-an-address" }, templateMessages.replyToInvalid, "languages.0.replyToAddress"],
      [{ ...email, subject: "x".repeat(201) }, "Must be at most 200 characters", "languages.0.subject"],
      [{ ...email, ctaText: "x".repeat(61) }, "Must be at most 60 characters", "languages.0.ctaText"],
      [{ name: "Empty", templateType: "sms", content: "   " }, templateMessages.smsContentRequired, "languages.0.content"],
      [{ name: "Long", templateType: "sms", content: "x".repeat(1001) }, "Must be at most 1000 characters", "languages.0.content"],
      [{ ...email, language: "english" }, templateMessages.languageInvalid, "languages.0.language"],
      [
        { name: "Group", templateType: "email", languages: { en: { subject: "Hi", content: "x" }, fi: { subject: "", content: "x" } } },
        templateMessages.subjectRequired,
        "languages.1.subject",
      ],
    ];
    for (const [body, error, field] of cases) {
      const answer = await call("POST", "/message-templates", tokens.editor, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body).toEqual(field ? { error, field } : { error });
    }
    expect(await t.prisma.messageTemplate.count({ where: { organizationId: org.organization.id } })).toBe(before);
  });

  it("another organisation's template is not found; viewers may not read or save; the type cannot change", async () => {
    const mine = await call("POST", "/message-templates", tokens.editor, { ...email, name: "Private" });
    const id = mine.body.templates[0]._id;
    const foreign = await call("PUT", `/message-templates/${id}`, tokens.otherAdmin, { ...email, name: "Stolen" });
    expect(foreign).toEqual({ status: 404, body: { error: templateMessages.notFound } });
    expect((await call("GET", "/message-templates?type=email", tokens.otherAdmin)).body).toEqual([]);
    expect((await call("GET", "/message-templates?type=email", tokens.viewer)).status).toBe(403);
    expect((await call("POST", "/message-templates", tokens.viewer, email)).body).toEqual({ error: "User has no rights to edit touchpoint" });
    expect((await call("PUT", `/message-templates/${id}`, tokens.editor, { name: "Sms now", templateType: "sms", content: "x" })).body).toEqual({
      error: templateMessages.typeUnchangeable,
      field: "templateType",
    });
    expect((await t.prisma.messageTemplate.findUniqueOrThrow({ where: { id } })).name).toBe("Private");
  });

  it("previews a template with sample variables", async () => {
    const preview = await call("POST", "/message-templates/preview", tokens.editor, { ...email, variables: { firstName: "<Anna>" } });
    expect(preview.status).toBe(200);
    expect(preview.body.email.subject).toBe("Hi <Anna>");
    expect(preview.body.email.html).toContain("&lt;Anna&gt;");
    expect(preview.body.email.text).toContain("How was [store]?");
    const sms = await call("POST", "/message-templates/preview", tokens.editor, { templateType: "sms", content: "Hi {{name}}, rate us: {{link}}" });
    expect(sms.body).toEqual({ templateType: "sms", email: null, sms: `Hi [name], rate us: ${t.baseUrl}/s/preview` });
  });

  it("sends a test email through the mail path (the outbox here) with the unsubscribe link and headers' token", async () => {
    const to = `tester-${Date.now()}@example.test`;
    const sent = await call("POST", "/launch-survey/message-test", tokens.editor, {
      ...email,
      language: "en",
      surveyId,
      maxHeight: 600,
      to,
      variables: { firstName: "Tess" },
    });
    expect(sent).toEqual({ status: 200, body: { message: "test message sent", channel: "email", to } });
    const mail = await waitForOutboxMail(t.prisma, to, { kind: "campaignTest" });
    expect(mail.subject).toBe("Hi Tess");
    expect(mail.text).toContain(`Answer: ${t.baseUrl}/surveys/${surveyId}/preview`);
    const token = decodeURIComponent(/unsubscribe\?token=([^\s"&]+)/.exec(mail.html ?? "")![1]!);
    expect(verifyUnsubscribeToken(t.config, token)).toEqual({ organizationId: org.organization.id, email: to });
  });

  it("keeps a test SMS in the outbox; refuses bad numbers, missing surveys and other teams' surveys", async () => {
    const sms = { templateType: "sms", content: "Hi {{name}} {{link}}", surveyId };
    expect((await call("POST", "/launch-survey/message-test", tokens.editor, { ...sms, to: "+358 40 123 4567" })).body).toMatchObject({
      channel: "sms",
      to: "+358401234567",
    });
    const row = await t.prisma.mailOutbox.findFirstOrThrow({ where: { to: "+358401234567", channel: "sms", organizationId: org.organization.id } });
    expect(row.text).toBe(`Hi [name] ${t.baseUrl}/surveys/${surveyId}/preview`);
    expect((await call("POST", "/launch-survey/message-test", tokens.editor, { ...sms, to: "0401234567" })).body).toEqual({
      error: testMessageMessages.invalidPhone,
      field: "to",
    });
    expect((await call("POST", "/launch-survey/message-test", tokens.editor, { ...sms, surveyId: undefined, to: "+358401234567" })).body).toEqual({
      error: testMessageMessages.surveyRequired,
      field: "surveyId",
    });
    expect((await call("POST", "/launch-survey/message-test", tokens.editor, { ...email, surveyId, to: "nope" })).status).toBe(400);
    // admin of another team: no launch right on this survey; another organisation: not found
    expect((await call("POST", "/launch-survey/message-test", tokens.adminB, { ...sms, to: "+358401234567" })).status).toBe(403);
    expect((await call("POST", "/launch-survey/message-test", tokens.otherAdmin, { ...sms, to: "+358401234567" })).status).toBe(404);
  });
});
