import type { ReactNode, SVGProps } from "react";

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, "children" | "ref"> {
  /** Width and height in px (or any CSS length); 20 by default. */
  size?: number | string;
  /**
   * An accessible name: only for an icon that carries meaning on its own (no text beside it).
   * Without one the icon is decoration, hidden from assistive technology.
   */
  title?: string;
}

export type Icon = ((props: IconProps) => ReactNode) & { iconName: string };

/**
 * An inline SVG icon on a 24 × 24 grid, drawn with strokes in the current text colour, so it
 * takes the colour and the hover state of the text around it.
 */
export function defineIcon(name: string, body: ReactNode): Icon {
  const component = ({ size = 20, title, className, ...rest }: IconProps) => {
    const drawing = {
      xmlns: "http://www.w3.org/2000/svg",
      viewBox: "0 0 24 24",
      width: size,
      height: size,
      fill: "none",
      stroke: "currentColor",
      strokeWidth: 2,
      strokeLinecap: "round",
      strokeLinejoin: "round",
      focusable: "false",
      className: `ui-icon ui-icon--${name}${className ? ` ${className}` : ""}`,
      ...rest,
    } as const;
    return title ? (
      <svg {...drawing} role="img" aria-label={title}>
        <title>{title}</title>
        {body}
      </svg>
    ) : (
      <svg {...drawing} aria-hidden="true">
        {body}
      </svg>
    );
  };
  return Object.assign(component, { iconName: name, displayName: `Icon(${name})` });
}

export const AddIcon = defineIcon("add", <path d="M12 5v14M5 12h14" />);
export const EditIcon = defineIcon(
  "edit",
  <>
    <path d="M4 20h4L19 9l-4-4L4 16z" />
    <path d="M13.5 6.5l4 4" />
  </>,
);
export const DeleteIcon = defineIcon(
  "delete",
  <>
    <path d="M4 7h16M9 7V4h6v3" />
    <path d="M6 7l1 13h10l1-13" />
    <path d="M10 11v6M14 11v6" />
  </>,
);
export const CopyIcon = defineIcon(
  "copy",
  <>
    <rect x="8" y="8" width="12" height="12" rx="2" />
    <path d="M16 8V5a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3" />
  </>,
);
export const DownloadIcon = defineIcon("download", <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />);
export const ShareIcon = defineIcon(
  "share",
  <>
    <circle cx="18" cy="5" r="2.5" />
    <circle cx="6" cy="12" r="2.5" />
    <circle cx="18" cy="19" r="2.5" />
    <path d="M8.2 10.8l7.6-4.4M8.2 13.2l7.6 4.4" />
  </>,
);
export const SearchIcon = defineIcon(
  "search",
  <>
    <circle cx="11" cy="11" r="6" />
    <path d="M15.5 15.5L20 20" />
  </>,
);
export const FilterIcon = defineIcon("filter", <path d="M4 5h16l-6 7.5V19l-4 1.5v-8z" />);
export const ChevronIcon = defineIcon("chevron", <path d="M6 9l6 6 6-6" />);
export const CloseIcon = defineIcon("close", <path d="M6 6l12 12M18 6L6 18" />);
export const CheckIcon = defineIcon("check", <path d="M5 12.5l4.5 4.5L19 7.5" />);
export const WarningIcon = defineIcon(
  "warning",
  <>
    <path d="M12 4L2.5 20h19z" />
    <path d="M12 10v4M12 17h.01" />
  </>,
);
export const InfoIcon = defineIcon(
  "info",
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v6M12 7.5h.01" />
  </>,
);
export const MenuIcon = defineIcon("menu", <path d="M4 6h16M4 12h16M4 18h16" />);
export const CalendarIcon = defineIcon(
  "calendar",
  <>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M3 10h18M8 3v4M16 3v4" />
  </>,
);
export const UserIcon = defineIcon(
  "user",
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
  </>,
);
export const TeamIcon = defineIcon(
  "team",
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6" />
    <circle cx="17" cy="9" r="2.5" />
    <path d="M17 14c2.6 0 4.5 1.8 4.5 4.5" />
  </>,
);
export const ChartIcon = defineIcon("chart", <path d="M4 20h16M7 16v-5M12 16V6M17 16V8" />);
export const MailIcon = defineIcon(
  "mail",
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3.5 6.5l8.5 7 8.5-7" />
  </>,
);
export const SmsIcon = defineIcon(
  "sms",
  <>
    <path d="M4 5h16v11H9l-5 4z" />
    <path d="M8 9.5h8M8 12.5h5" />
  </>,
);
export const LinkIcon = defineIcon(
  "link",
  <>
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1.5 1.5" />
    <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1.5-1.5" />
  </>,
);
export const TerminalIcon = defineIcon(
  "terminal",
  <>
    <rect x="5" y="3" width="14" height="11" rx="1.5" />
    <path d="M9.5 9.5a3 3 0 0 0 5 0M12 14v5M8 20h8" />
  </>,
);
export const WidgetIcon = defineIcon(
  "widget",
  <>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M3 8h18" />
    <rect x="12" y="12" width="6" height="5" rx="1" />
  </>,
);

export const HomeIcon = defineIcon("home", <path d="M4 11l8-7 8 7v9h-5v-6h-6v6H4z" />);
export const SurveyIcon = defineIcon(
  "survey",
  <>
    <rect x="5" y="4" width="14" height="17" rx="2" />
    <path d="M9 9h6M9 13h6M9 17h3" />
  </>,
);
export const JourneyIcon = defineIcon(
  "journey",
  <>
    <circle cx="6" cy="18" r="2" />
    <circle cx="18" cy="6" r="2" />
    <path d="M8 18h6a3 3 0 0 0 0-6h-4a3 3 0 0 1 0-6h6" />
  </>,
);
export const BellIcon = defineIcon("bell", <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0" />);
export const ShieldIcon = defineIcon("shield", <path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z" />);
export const SettingsIcon = defineIcon(
  "settings",
  <>
    <circle cx="12" cy="12" r="3" />
    <path d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1" />
  </>,
);
export const HelpIcon = defineIcon(
  "help",
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17.5v.5" />
  </>,
);
export const LogoutIcon = defineIcon("logout", <path d="M10 5H5v14h5M14 8l4 4-4 4M18 12H9" />);

export const EyeIcon = defineIcon(
  "eye",
  <>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </>,
);
export const EyeOffIcon = defineIcon(
  "eyeOff",
  <path d="M3 3l18 18M10.6 6.1A10 10 0 0 1 12 6c6.5 0 10 6 10 6a17 17 0 0 1-3 3.6M6.6 6.6C3.7 8.4 2 12 2 12s3.5 6 10 6a9.6 9.6 0 0 0 4.5-1.1M9.9 9.9a3 3 0 0 0 4.2 4.2" />,
);

/** Every icon by name (the gallery lists them; screens import the components directly). */
export const icons = {
  add: AddIcon,
  edit: EditIcon,
  delete: DeleteIcon,
  copy: CopyIcon,
  download: DownloadIcon,
  share: ShareIcon,
  search: SearchIcon,
  filter: FilterIcon,
  chevron: ChevronIcon,
  close: CloseIcon,
  check: CheckIcon,
  warning: WarningIcon,
  info: InfoIcon,
  menu: MenuIcon,
  calendar: CalendarIcon,
  user: UserIcon,
  team: TeamIcon,
  chart: ChartIcon,
  mail: MailIcon,
  sms: SmsIcon,
  link: LinkIcon,
  terminal: TerminalIcon,
  widget: WidgetIcon,
  home: HomeIcon,
  survey: SurveyIcon,
  journey: JourneyIcon,
  bell: BellIcon,
  shield: ShieldIcon,
  settings: SettingsIcon,
  help: HelpIcon,
  logout: LogoutIcon,
  eye: EyeIcon,
  eyeOff: EyeOffIcon,
} as const satisfies Record<string, Icon>;

export type IconName = keyof typeof icons;
