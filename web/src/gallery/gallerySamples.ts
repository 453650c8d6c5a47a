/**
 * Static sample data for the component gallery's charts: no GraphQL, the same figures every
 * time. Labels are translated by the page; these are only the numbers and keys.
 */
import type { SeriesPoint } from "../analytics/charts/DailySeriesChart";
import type { GroupedPoint } from "../analytics/charts/GroupedSeriesChart";
import type { NpsCounts } from "../analytics/charts/NpsBreakdownChart";
import type { SentimentCounts } from "../analytics/charts/SentimentBars";
import { formatDate } from "../format/date";

export const npsCounts: NpsCounts = { detractors: 18, passives: 27, promoters: 55 };

/** Fourteen days of November 2026: responses per day and satisfaction per day (one day without answers). */
const dailyResponses = [12, 18, 9, 22, 30, 14, 6, 11, 25, 27, 19, 0, 8, 16];
const dailySatisfaction = [72, 78, 69, 81, 84, 76, 70, 74, 79, 83, 80, null, 71, 77];
const dayLabel = (i: number) => formatDate(new Date(2026, 10, 2 + i));

export const responsesPerDay: SeriesPoint[] = dailyResponses.map((value, i) => ({ label: dayLabel(i), value }));
export const satisfactionPerDay: SeriesPoint[] = dailySatisfaction.map((value, i) => ({ label: dayLabel(i), value }));

export const npsPerWeek: GroupedPoint[] = [
  { label: "W41", value: 28, count: 64 },
  { label: "W42", value: 31, count: 71 },
  { label: "W43", value: 25, count: 58 },
  { label: "W44", value: 37, count: 80 },
  { label: "W45", value: 42, count: 77 },
];

export const smileyCounts: Record<string, number> = { "1": 6, "2": 11, "3": 24, "4": 41 };

export const satisfactionByWeekCounts: Array<Record<string, number>> = [
  { "1": 3, "2": 7, "3": 12, "4": 18 },
  { "1": 2, "2": 5, "3": 15, "4": 22 },
  { "1": 1, "2": 4, "3": 10, "4": 27 },
];

export const eviCounts = { advocacy: 38, trust: 25, attention: 14, destroying: 9 };

export const rankingFigures = [
  { touchpointId: "lobby", now: 84, earlier: 79, count: 212 },
  { touchpointId: "web", now: 77, earlier: 81, count: 340 },
  { touchpointId: "phone", now: 69, earlier: null, count: 45 },
  { touchpointId: "kiosk", now: 62, earlier: 62, count: 98 },
];

export const rootCauseFigures = [
  { id: "waiting", importance: 0.72, performance: 41, sampleSize: 312, significant: true },
  { id: "staff", importance: 0.64, performance: 86, sampleSize: 312, significant: true },
  { id: "cleanliness", importance: 0.31, performance: 58, sampleSize: 290, significant: false },
  { id: "parking", importance: 0.18, performance: 79, sampleSize: 120, significant: false },
];

export const sentimentCounts: SentimentCounts = { positive: 148, neutral: 61, negative: 37 };
