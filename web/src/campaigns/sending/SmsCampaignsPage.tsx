import { CampaignMessagesScreen } from "./CampaignMessagesScreen";

/** /touchpoints/sms */
export default function SmsCampaignsPage() {
  return <CampaignMessagesScreen channel="sms" />;
}
