// The benchmarks' notification rules (bench/suites/notifications.ts, bench/notifications-cost.ts):
// `count` active rules on one survey and its touchpoints, rule i firing on NPS score i % 11 or an
// open answer no response gives, so each response is checked against all of them and one in ~1,000
// meets one.
export function benchRules(opts: {
  organizationId: string;
  surveyId: string;
  touchpointIds: string[];
  npsQuestionId: string;
  openTextQuestionId: string;
  count: number;
  receiver: string;
}) {
  return Array.from({ length: opts.count }, (_, i) => ({
    organizationId: opts.organizationId,
    name: `Bench rule ${i + 1}`,
    surveyId: opts.surveyId,
    touchpointIds: opts.touchpointIds,
    conditions: [[{ questionId: opts.npsQuestionId, values: [i % 11] }], [{ questionId: opts.openTextQuestionId, values: [`never-${i}`] }]],
    delay: 0,
    receivers: [opts.receiver],
  }));
}
