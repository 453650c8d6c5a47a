import { Trans, useLingui } from "@lingui/react/macro";
import { RadioGroup } from "../../forms/RadioGroup";
import type { DisplayType, Placement } from "../websiteSettings";
import type { WebsiteSectionProps } from "./sectionProps";

/** How the widget shows: its display type and, for the corner window, its placement. */
export function WebsiteDisplaySection({ draft: w, set, id, readOnly }: WebsiteSectionProps) {
  const { t } = useLingui();
  return (
    <fieldset className="tp-fieldset fieldset" disabled={readOnly}>
      <legend>
        <Trans>Display</Trans>
      </legend>
      <RadioGroup<DisplayType>
        name={id("display")}
        legend={t`Display type`}
        value={w.displayType}
        onChange={(displayType) => set({ displayType })}
        options={[
          ["embedded", t`Embedded in the page`],
          ["popover", t`Popover`],
          ["cornerWindow", t`Corner window`],
        ]}
      />
      <RadioGroup<Placement>
        name={id("placement")}
        legend={t`Placement`}
        value={w.placement}
        onChange={(placement) => set({ placement })}
        disabled={w.displayType !== "cornerWindow"}
        hint={w.displayType !== "cornerWindow" ? t`The placement applies to the corner window.` : undefined}
        options={[
          ["bottom-right", t`Bottom right`],
          ["bottom-left", t`Bottom left`],
          ["top-right", t`Top right`],
          ["top-left", t`Top left`],
        ]}
      />
    </fieldset>
  );
}
