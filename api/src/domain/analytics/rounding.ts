// Rounding of the figures analytics answers (averages, NPS, percentages) to one decimal.
//
// The same figure is summed in different orders by different paths: the roll-ups add per-hour and
// per-day partial sums, the raw path adds answers one by one. Smiley values are thirds, which binary
// floating point cannot hold exactly, so an exact tie such as 43.75 comes out as 43.74999999999999
// from one path and 43.75 from the other, and a plain Math.round gives 43.7 and 43.8. Both paths must
// give the same answer (issue 18: results equal raw SQL), so the value is first brought back to 12
// significant digits, which removes summation noise (about 1e-14 relative) and keeps every figure
// we show.
export function round1(x: number): number {
  return Math.round(Number((x * 10).toPrecision(12))) / 10;
}
