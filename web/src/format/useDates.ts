/**
 * The product's one date formatter as a hook: dates and times as spec 000 §9 says for the signed-in
 * person's country (format/date.ts: 05.03.2024 14:05 by default; 03/05/2024 2:05 PM for US and CA).
 * Every screen that shows a date uses it, whatever the interface's language.
 */
import { graphql, useLazyLoadQuery } from "react-relay";
import type { useDatesQuery } from "../__generated__/useDatesQuery.graphql";
import { axisDay, formatDate, formatDateTime, formatTime } from "./date";

const query = graphql`
  query useDatesQuery {
    viewer {
      countryCode
    }
  }
`;

type DateValue = Date | string | number | null | undefined;

export interface DateFormat {
  date(value: DateValue): string;
  time(value: DateValue): string;
  dateTime(value: DateValue): string;
  /** A chart axis's day from the API's "yyyy/MM/dd" (format/date.ts `axisDay`); other labels as they are. */
  axisDay(label: string): string;
}

/** The formatter for a country code (null: the default style); an empty value is "—". */
export function dateFormatFor(countryCode: string | null | undefined): DateFormat {
  const or = (value: DateValue, f: (v: Date | string | number) => string) => (value === null || value === undefined || value === "" ? "—" : f(value) || "—");
  return {
    date: (value) => or(value, (v) => formatDate(v, countryCode)),
    time: (value) => or(value, (v) => formatTime(v, countryCode)),
    dateTime: (value) => or(value, (v) => formatDateTime(v, countryCode)),
    axisDay: (label) => axisDay(label, countryCode),
  };
}

/** The signed-in person's formatter (their country, read once and then from the store). */
export function useDates(): DateFormat {
  const data = useLazyLoadQuery<useDatesQuery>(query, {}, { fetchPolicy: "store-or-network" });
  return dateFormatFor(data.viewer?.countryCode);
}
