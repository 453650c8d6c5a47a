import type { ResultsFilterState, ShareChangeKey } from "../filters";

export interface FilterOption {
  id: string;
  name: string;
}

export interface FilterQuestion {
  id: string;
  title: string;
  /** The answer options a response can be restricted by (smiley values, NPS scores, choice ids). */
  choices: Array<{ value: string | number; label: string }>;
}

export interface FilterOptions {
  touchpoints: FilterOption[];
  surveys: FilterOption[];
  /** Questions one can restrict by (smiley, NPS, choices, emotions). */
  questions: FilterQuestion[];
  /** Every question, for "hidden questions". */
  allQuestions: FilterOption[];
  /** NPS, smiley and slider questions: the outcomes of a root-cause analysis. */
  outcomes: FilterOption[];
  metaKeys: string[];
  /** The most used values of each key in metaKeys, as suggestions for the metadata match. */
  metaValues: Record<string, string[]>;
}

/** What every part of the filter bar reads and changes: the drafted filters and which controls the viewer may use. */
export interface FilterSectionProps {
  draft: ResultsFilterState;
  /** Changes some filters of the draft. */
  set: (patch: Partial<ResultsFilterState>) => void;
  /** Whether the viewer may change a filter (a share link's allowChanges; members may change every one). */
  can: (key: ShareChangeKey) => boolean;
  /** The form-unique prefix of element ids. */
  id: string;
}
