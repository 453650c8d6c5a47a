// The summary's filters in the address (spec 001 §3 "Summary filters").

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** Today in the browser's calendar, yyyy-MM-dd. */
export function localToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

/** The summary's filters from the address: from, to (yyyy-MM-dd, default the last 7 days on the server) and survey ids. */
export function summaryFiltersFromSearch(params: URLSearchParams): { from: string | null; to: string | null; surveyIds: string[] } {
  const from = params.get("from");
  const to = params.get("to");
  return {
    from: from && dayPattern.test(from) ? from : null,
    to: to && dayPattern.test(to) ? to : null,
    surveyIds: (params.get("survey") ?? "").split(",").filter(Boolean),
  };
}
