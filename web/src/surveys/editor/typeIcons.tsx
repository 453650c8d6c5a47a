// The icons of the question types (the palette and the collapsed cards) and of the editor's own
// tools, drawn like the shared set (web/src/ui/icons.tsx: 24 × 24, strokes in the text colour).
import { defineIcon, type Icon } from "../../ui/icons";
import type { QuestionType } from "./draft";

const SmileyIcon = defineIcon(
  "q-smiley",
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M8.5 14.5a4.5 4.5 0 0 0 7 0M9 9.5h.01M15 9.5h.01" />
  </>,
);
const NpsIcon = defineIcon(
  "q-nps",
  <>
    <rect x="3" y="8" width="18" height="8" rx="1.5" />
    <path d="M7.5 8v8M12 8v8M16.5 8v8" />
  </>,
);
const SliderIcon = defineIcon(
  "q-slider",
  <>
    <path d="M3 12h18" />
    <circle cx="14" cy="12" r="3" />
  </>,
);
const SingleChoiceIcon = defineIcon(
  "q-single",
  <>
    <circle cx="6" cy="7" r="2.5" />
    <circle cx="6" cy="17" r="2.5" />
    <path d="M11 7h10M11 17h10" />
    <circle cx="6" cy="7" r="0.6" fill="currentColor" />
  </>,
);
const MultipleChoiceIcon = defineIcon(
  "q-multiple",
  <>
    <rect x="3.5" y="4.5" width="5" height="5" rx="1" />
    <rect x="3.5" y="14.5" width="5" height="5" rx="1" />
    <path d="M4.8 7l1 1 1.7-2M11 7h10M11 17h10" />
  </>,
);
const OpenTextIcon = defineIcon(
  "q-text",
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M7 10h10M7 14h6" />
  </>,
);
const EmotionIcon = defineIcon("q-emotion", <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />);
const ContactIcon = defineIcon(
  "q-contact",
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <circle cx="9" cy="11" r="2" />
    <path d="M6 16c.6-1.6 1.7-2.4 3-2.4s2.4.8 3 2.4M14.5 10h3.5M14.5 13.5h3.5" />
  </>,
);

export const typeIcons: Record<QuestionType, Icon> = {
  smiley: SmileyIcon,
  nps: NpsIcon,
  slider: SliderIcon,
  singleChoice: SingleChoiceIcon,
  multipleChoice: MultipleChoiceIcon,
  openText: OpenTextIcon,
  emotion: EmotionIcon,
  contactDetails: ContactIcon,
};

export const ArrowUpIcon = defineIcon("arrow-up", <path d="M12 19V5M6 11l6-6 6 6" />);
export const ArrowDownIcon = defineIcon("arrow-down", <path d="M12 5v14M6 13l6 6 6-6" />);
export const GripIcon = defineIcon(
  "grip",
  <>
    <circle cx="9" cy="6" r="1" fill="currentColor" />
    <circle cx="15" cy="6" r="1" fill="currentColor" />
    <circle cx="9" cy="12" r="1" fill="currentColor" />
    <circle cx="15" cy="12" r="1" fill="currentColor" />
    <circle cx="9" cy="18" r="1" fill="currentColor" />
    <circle cx="15" cy="18" r="1" fill="currentColor" />
  </>,
);
