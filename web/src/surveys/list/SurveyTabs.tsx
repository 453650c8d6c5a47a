import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useRef } from "react";

export const surveyTabs = ["recent", "all", "active", "archived", "hidden", "mine"] as const;
export type SurveyTabKey = (typeof surveyTabs)[number];

const labels: Record<SurveyTabKey, MessageDescriptor> = {
  recent: msg`Recent`,
  all: msg`All`,
  active: msg`Active`,
  archived: msg`Archived`,
  hidden: msg`Hidden`,
  mine: msg`My surveys`,
};

export const tabDescriptions: Record<SurveyTabKey, MessageDescriptor> = {
  recent: msg`Created within the last 14 days`,
  all: msg`Every survey you can see`,
  active: msg`Surveys that are not archived`,
  archived: msg`Archived surveys`,
  hidden: msg`Surveys you have hidden from your own lists`,
  mine: msg`Surveys you created`,
};

/** The survey list's tabs (WAI-ARIA tabs: arrow keys, Home and End move between them). */
export function SurveyTabs({ selected, onSelect }: { selected: SurveyTabKey; onSelect: (tab: SurveyTabKey) => void }) {
  const { t, i18n } = useLingui();
  const refs = useRef<Partial<Record<SurveyTabKey, HTMLButtonElement | null>>>({});
  const move = (from: SurveyTabKey, key: string) => {
    const i = surveyTabs.indexOf(from);
    const next =
      key === "ArrowRight"
        ? surveyTabs[(i + 1) % surveyTabs.length]
        : key === "ArrowLeft"
          ? surveyTabs[(i - 1 + surveyTabs.length) % surveyTabs.length]
          : key === "Home"
            ? surveyTabs[0]
            : key === "End"
              ? surveyTabs[surveyTabs.length - 1]
              : undefined;
    if (!next) return false;
    onSelect(next);
    refs.current[next]?.focus();
    return true;
  };
  return (
    <div role="tablist" aria-label={t`Survey lists`} className="survey-tabs">
      {surveyTabs.map((tab) => (
        <button
          key={tab}
          ref={(el) => {
            refs.current[tab] = el;
          }}
          type="button"
          role="tab"
          id={`survey-tab-${tab}`}
          aria-selected={tab === selected}
          aria-controls="survey-tabpanel"
          title={i18n._(tabDescriptions[tab])}
          tabIndex={tab === selected ? 0 : -1}
          className={`survey-tabs__tab${tab === selected ? " is-selected" : ""}`}
          onClick={() => onSelect(tab)}
          onKeyDown={(e) => {
            if (move(tab, e.key)) e.preventDefault();
          }}
        >
          {i18n._(labels[tab])}
        </button>
      ))}
    </div>
  );
}
