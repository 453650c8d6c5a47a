// Tutorials seen (spec 000 §3 tutorialsSeen, §7 PUT /user/tutorials): a tutorial the person has
// dismissed is remembered so it is not shown again. Adding one twice changes nothing.
import { z } from "zod";
import type { DomainContext } from "../context.js";
import { parseInput } from "../validation.js";
import { requireViewer } from "../viewer.js";

const tutorialIdMessage = "tutorialId is a name of 1 to 100 letters, digits, dots, dashes, colons or underscores";
const tutorialIdSchema = z
  .string({ message: tutorialIdMessage })
  .trim()
  .regex(/^[A-Za-z0-9._:-]{1,100}$/, tutorialIdMessage);

/** A person keeps at most this many (old names drop off first). */
const maxTutorialsSeen = 200;

export async function markTutorialSeen(ctx: DomainContext, tutorialId: unknown): Promise<{ tutorialsSeen: string[] }> {
  const viewer = requireViewer(ctx.viewer);
  const id = parseInput(tutorialIdSchema, tutorialId);
  const user = await ctx.prisma.user.findUniqueOrThrow({ where: { id: viewer.userId }, select: { tutorialsSeen: true } });
  if (user.tutorialsSeen.includes(id)) return { tutorialsSeen: user.tutorialsSeen };
  const tutorialsSeen = [...user.tutorialsSeen, id].slice(-maxTutorialsSeen);
  await ctx.prisma.user.update({ where: { id: viewer.userId }, data: { tutorialsSeen } });
  ctx.bus.publish("user:updated", viewer.userId, { userId: viewer.userId });
  return { tutorialsSeen };
}
