import { useLocation } from "react-router-dom";
import { CampaignStep } from "./CampaignStep";
import { ChannelSelectStep } from "./ChannelSelectStep";
import { ConfirmationStep } from "./ConfirmationStep";
import { LaunchedStep } from "./LaunchedStep";
import { ScheduleStep } from "./ScheduleStep";
import { useWizard } from "./wizardState";

/** One step of the launch wizard, by the last part of the address. A step the choices do not need goes back to the first. */
export default function LaunchWizardStep() {
  const { steps } = useWizard();
  const step = useLocation().pathname.split("/").pop();
  if (step === "launched") return <LaunchedStep />;
  if (!steps.includes(step as never)) return <ChannelSelectStep />;
  switch (step) {
    case "email":
      return <CampaignStep channel="email" />;
    case "sms":
      return <CampaignStep channel="sms" />;
    case "schedule":
      return <ScheduleStep />;
    case "confirmation":
      return <ConfirmationStep />;
    default:
      return <ChannelSelectStep />;
  }
}
