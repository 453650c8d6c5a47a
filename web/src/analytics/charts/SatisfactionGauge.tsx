import { useLingui } from "@lingui/react/macro";
import { ChartFigure } from "./ChartFigure";
import { bandColour, formatPercent, palette, satisfactionBand, type SatisfactionBand } from "./chartTheme";

const WIDTH = 240;
const CX = 120;
const CY = 120;
const R = 100;

/** A point on the half circle for a percentage (0 at the left, 100 at the right). */
function polar(percent: number, radius = R): [number, number] {
  const angle = Math.PI * (1 - percent / 100);
  return [CX + radius * Math.cos(angle), CY - radius * Math.sin(angle)];
}

function arc(from: number, to: number): string {
  const [x1, y1] = polar(from);
  const [x2, y2] = polar(to);
  return `M ${x1.toFixed(2)} ${y1.toFixed(2)} A ${R} ${R} 0 0 1 ${x2.toFixed(2)} ${y2.toFixed(2)}`;
}

/**
 * Satisfaction 0–100 % as a half-circle gauge with the bands of domain-facts §4c (< 25 dissatisfied,
 * 25 to < 75 neutral, ≥ 75 satisfied); the band is written out, not only coloured.
 */
export function SatisfactionGauge({ title, value, earlier }: { title: string; value: number | null; earlier?: number | null }) {
  const { t } = useLingui();
  const bandName: Record<SatisfactionBand, string> = {
    dissatisfied: t`Dissatisfied`,
    neutral: t`Neutral`,
    satisfied: t`Satisfied`,
  };
  const band = value === null ? null : satisfactionBand(value);
  const clamped = value === null ? 0 : Math.max(0, Math.min(100, value));
  const [nx, ny] = polar(clamped, R - 18);
  const valueText = formatPercent(value);
  const earlierText = earlier === undefined ? "" : ` ${t`Earlier period: ${formatPercent(earlier)}.`}`;
  const summary = value === null ? t`${title}: no answers.` : t`${title}: ${valueText}, ${bandName[band!]}.` + earlierText;
  return (
    <ChartFigure title={title} summary={summary} testId="satisfaction-gauge" className="chart--gauge">
      <svg viewBox={`0 0 ${WIDTH} 150`} width={WIDTH} height={150} aria-hidden="true">
        <path d={arc(0, 25)} stroke={bandColour.dissatisfied} strokeWidth={18} fill="none" />
        <path d={arc(25, 75)} stroke={bandColour.neutral} strokeWidth={18} fill="none" />
        <path d={arc(75, 100)} stroke={bandColour.satisfied} strokeWidth={18} fill="none" />
        {value === null ? null : <line x1={CX} y1={CY} x2={nx} y2={ny} stroke={palette.text} strokeWidth={3} strokeLinecap="round" />}
        <circle cx={CX} cy={CY} r={5} fill={palette.text} />
        <text x={CX} y={CY + 24} textAnchor="middle" fontSize={20} fontWeight={700} fill={palette.text}>
          {valueText}
        </text>
      </svg>
      <p className="chart__band" data-band={band ?? "none"}>
        {value === null ? t`No answers` : bandName[band!]}
        {earlier === undefined ? null : <span className="chart__earlier"> · {t`Earlier period: ${formatPercent(earlier)}`}</span>}
      </p>
    </ChartFigure>
  );
}
