// Campaign fixtures: a survey with a question, an email or SMS campaign touchpoint with its contact
// list of n contacts (addresses c<i>.<suffix>@example.test or +35840<7 digits>), a template and an
// immediate launch to it.
import { randomBytes } from "node:crypto";
import type { PrismaClient } from "../generated/prisma/client.js";

export type CampaignFixture = Awaited<ReturnType<typeof createCampaignFixture>>;

export async function createCampaignFixture(
  prisma: PrismaClient,
  org: { organizationId: string; unitId: string },
  opts: { channel: "email" | "sms"; contacts: number; content?: string; subject?: string },
) {
  const suffix = randomBytes(4).toString("hex");
  const { organizationId, unitId } = org;
  const survey = await prisma.survey.create({ data: { organizationId, unitId, name: `Campaign survey ${suffix}`, languages: ["en"] } });
  await prisma.question.create({
    data: { organizationId, surveyId: survey.id, type: "nps", position: 0, title: { en: "How likely are you to recommend us?" } },
  });
  const touchpoint = await prisma.touchpoint.create({
    data: {
      organizationId,
      unitId,
      name: `${opts.channel} campaign ${suffix}`,
      type: opts.channel === "email" ? "emailContactList" : "smsContactList",
      activeSurveyId: survey.id,
    },
  });
  const list = await prisma.contactList.create({
    data: { organizationId, touchpointId: touchpoint.id, name: `List ${suffix}`, channel: opts.channel, variableNames: ["firstName"] },
  });
  const recipients = Array.from({ length: opts.contacts }, (_, i) =>
    opts.channel === "email" ? `c${i}.${suffix}@example.test` : `+35840${String(i).padStart(7, "0")}`,
  );
  for (let i = 0; i < recipients.length; i += 5_000) {
    await prisma.contact.createMany({
      data: recipients.slice(i, i + 5_000).map((r, j) => ({
        organizationId,
        contactListId: list.id,
        ...(opts.channel === "email" ? { email: r } : { phone: r }),
        variables: { firstName: `Person ${i + j}` },
      })),
    });
  }
  const template = await prisma.messageTemplate.create({
    data: {
      organizationId,
      name: `Template ${suffix}`,
      templateType: opts.channel,
      subject: opts.subject ?? "Hello {{firstName}}",
      content: opts.content ?? (opts.channel === "email" ? "Dear {{firstName}}, tell us how we did." : "Hi {{firstName}}, tell us how we did: {{link}}"),
    },
  });
  const launch = await prisma.launch.create({
    data: {
      organizationId,
      surveyId: survey.id,
      touchpointIds: [touchpoint.id],
      contactListIds: [list.id],
      kind: "immediate",
      status: "scheduled",
      messageTemplateId: template.id,
    },
  });
  return { survey, touchpoint, list, template, launch, recipients };
}
